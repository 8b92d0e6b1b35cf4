import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { pathOf } from '../http/request-parts';

/** Answers the api and the Swagger UI give; the web app's pages get a policy that lets it run (below). */
const API_PREFIX = '/api/';
const SWAGGER_PREFIX = '/api/docs';

/** Origin of Stripe.js (the onboarding payment step loads it); a relative URL is our own origin. */
function stripeOrigins(stripeJsUrl: string): string[] {
  try {
    const origin = new URL(stripeJsUrl).origin;
    // Stripe.js frames and calls its sibling hosts; a stand-in serves everything from its own origin.
    return origin === 'https://js.stripe.com'
      ? [origin, 'https://hooks.stripe.com', 'https://api.stripe.com']
      : [origin];
  } catch {
    return [];
  }
}

/**
 * The web app's Content-Security-Policy: own scripts only (Vite emits no inline script), Stripe.js where the
 * payment step needs it, no plugins, no framing by other sites. Styles allow inline (React style attributes
 * and the Stripe element); images may come from https (company logos linked by URL).
 */
export function webAppPolicy(stripeJsUrl: string): string {
  const stripe = stripeOrigins(stripeJsUrl).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${stripe}`.trim(),
    `frame-src 'self' ${stripe}`.trim(),
    `connect-src 'self' ${stripe}`.trim(),
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The queue dashboard's pages (bull-board's UI, super admins only, set by its plugin for its own path): its scripts
 * and styles from our origin, inline styles (its loading screen and components), data: images, calls to our origin
 * only. Nothing from other sites: the web font it links from Google is left out and the page uses its fallback.
 */
export const QUEUE_DASHBOARD_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON answers render nothing: a policy that forbids everything, so a sniffed answer cannot run script. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries (set before routing, so a controller's own @Header still wins): no MIME
 * sniffing, no framing, referrers only to our own origin, and a Content-Security-Policy per kind of answer.
 */
export function securityHeaders(stripeJsUrl: string) {
  const webPolicy = webAppPolicy(stripeJsUrl);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    // HTTPS is the proxy's (trusted on loopback); over plain HTTP the header would be ignored anyway.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    const path = pathOf(request);
    const isApi = path.startsWith(API_PREFIX) && !path.startsWith(SWAGGER_PREFIX);
    reply.header('Content-Security-Policy', isApi ? API_POLICY : webPolicy);
    done();
  };
}
