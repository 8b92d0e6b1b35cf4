/** The slice of Stripe.js the payment modal uses (card element and card tokens). */
export interface StripeCardChange {
  complete: boolean;
  error?: { message: string } | null;
}

export interface StripeCardElement {
  mount(element: HTMLElement): void;
  on(event: 'change', handler: (change: StripeCardChange) => void): void;
  destroy(): void;
}

export interface StripeClient {
  elements(): { create(type: 'card'): StripeCardElement };
  createToken(
    card: StripeCardElement,
    data: { name: string },
  ): Promise<{ token?: { id: string }; error?: { message: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loading = new Map<string, Promise<StripeFactory>>();

/**
 * Loads Stripe.js from `url` with one script tag per page load (the group says where from, so tests can serve a
 * stand-in). A failed load is forgotten so the next modal may try again.
 */
export function loadStripe(url: string): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  let pending = loading.get(url);
  if (!pending) {
    pending = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load.')));
      script.onerror = () => {
        script.remove();
        reject(new Error('The card form could not be loaded. Please try again later.'));
      };
      document.head.appendChild(script);
    });
    pending.catch(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}
