import { matchRoutes } from 'react-router-dom';
import { ROUTES, routePath, type RouteName } from '@casebridge/contracts';

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** Bare route objects (no elements) so non-React code can tell which named route a path belongs to. */
const ROUTE_MATCHERS = ROUTE_NAMES.map((name) => ({ id: name, path: ROUTES[name] }));

export function routeNameAt(pathname: string): RouteName | null {
  const matches = matchRoutes(ROUTE_MATCHERS, pathname);
  return (matches?.[0]?.route.id as RouteName | undefined) ?? null;
}

export function isRouteName(value: string): value is RouteName {
  return value in ROUTES;
}

/** Path of a route name given as text (e.g. a redir query); null if unknown or if it needs parameters. */
export function pathOfRouteName(value: string): string | null {
  if (!isRouteName(value)) return null;
  try {
    return routePath(value);
  } catch {
    return null;
  }
}

export function isOnboardingPath(pathname: string): boolean {
  return routeNameAt(pathname)?.startsWith('onboarding.') ?? false;
}
