import { createTransport, type Transporter } from 'nodemailer';

/** How many mails one worker process sends in parallel: the mail queue's concurrency and the SMTP pool's size. */
export const MAIL_CONCURRENCY = 5;

/**
 * One pooled SMTP transport per worker: up to MAIL_CONCURRENCY connections that stay open between mails, so a
 * mail costs one SMTP transaction instead of a TCP connect, greeting and EHLO each. Options written in SMTP_URL's
 * query (`?pool=false`, `?maxConnections=2`) still win, as nodemailer reads them from the URL.
 */
export function createSmtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(MAIL_CONCURRENCY));
  return createTransport(url.toString());
}
