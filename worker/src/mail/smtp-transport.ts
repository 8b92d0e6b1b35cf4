import net from 'node:net';
import { createTransport, type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import SMTPTransport from 'nodemailer/lib/smtp-transport';

/** How many mails one worker process sends in parallel: the mail queue's concurrency and the SMTP pool's size. */
export const MAIL_CONCURRENCY = 5;

type SocketCallback = (error: Error | null, socketOptions: { connection: net.Socket } | false) => void;

/**
 * Opens the SMTP connection with Nagle's algorithm off. SMTP is a dialogue of small writes (the command, then the
 * message, then its `.` terminator): with Nagle on, the terminator waits for the ACK of the message, which the
 * server delays (40 ms on Linux), so every mail cost about 40 ms of waiting. The socket is handed over while it
 * connects: a refused or silent server is then nodemailer's own connection error (greeting timeout included), which
 * frees the pool's slot; an error answered here would leave the slot taken for ever. Implicit TLS (`smtps:`) is
 * left to nodemailer's own connect.
 */
function connectWithoutDelay(
  options: { host?: string; port?: number | string; secure?: boolean },
  done: SocketCallback,
) {
  if (options.secure) {
    done(null, false);
    return;
  }
  const connection = net.connect({
    host: options.host ?? 'localhost',
    port: Number(options.port) || 587,
    noDelay: true,
  });
  // At once, not on a later tick: nodemailer attaches its error handler before the socket can report one.
  done(null, { connection });
}

/**
 * One pooled SMTP transport per worker: up to MAIL_CONCURRENCY connections that stay open between mails, so a
 * mail costs one SMTP transaction instead of a TCP connect, greeting and EHLO each. Options written in SMTP_URL's
 * query (`?pool=false`, `?maxConnections=2`) still win, as nodemailer reads them from the URL.
 */
export function createSmtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(MAIL_CONCURRENCY));
  const address = url.toString();
  const transport =
    url.searchParams.get('pool') === 'false'
      ? new SMTPTransport({ url: address, getSocket: connectWithoutDelay })
      : new SMTPPool({ pool: true, url: address, getSocket: connectWithoutDelay });
  return createTransport(transport);
}
