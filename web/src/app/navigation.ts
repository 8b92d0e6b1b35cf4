/**
 * Lets stores and the api client navigate without importing the router (which imports them).
 * The router registers itself at start-up; before that a full page load is the fallback.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
