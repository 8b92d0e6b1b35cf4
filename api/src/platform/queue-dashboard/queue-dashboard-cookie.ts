import { QUEUE_DASHBOARD } from '@casebridge/contracts';

/**
 * The ticket cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it, which is the
 * first half of the dashboard's CSRF defence), Secure over https, and sent only to the dashboard's own path.
 */
export function ticketCookie(ticket: string, secure: boolean): string {
  return cookie(ticket, QUEUE_DASHBOARD.ticketTtlSeconds, secure);
}

/** Tells the browser to drop the cookie (a ticket that no longer opens anything). */
export function clearedTicketCookie(secure: boolean): string {
  return cookie('', 0, secure);
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [
    `${QUEUE_DASHBOARD.cookieName}=${value}`,
    `Path=${QUEUE_DASHBOARD.basePath}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The ticket of a Cookie header, if it carries one (the first, as browsers send the most specific path first). */
export function ticketOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === QUEUE_DASHBOARD.cookieName) return pair.slice(separator + 1).trim() || null;
  }
  return null;
}
