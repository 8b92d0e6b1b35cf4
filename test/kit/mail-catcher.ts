import MailDev from 'maildev';
import { mkdtempSync, rmSync } from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';
import { waitFor } from '../wait-for';

export interface CaughtMail {
  subject: string;
  to: string[];
  html: string;
  text: string;
  links: string[];
}

/** A port nothing listens on right now (the OS picks it), so parallel test files never collide. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * maildev's SMTP server in-process, bound to 127.0.0.1 (no web UI). maildev keeps module-level state,
 * so use one catcher per test file (jest gives every file its own module registry).
 */
export class MailCatcher {
  private readonly mailDirectory = mkdtempSync(path.join(os.tmpdir(), 'casebridge-maildev-'));
  private readonly maildev: MailDev;

  constructor(readonly port: number) {
    this.maildev = new MailDev({
      smtp: port,
      ip: '127.0.0.1',
      disableWeb: true,
      silent: true,
      mailDirectory: this.mailDirectory,
    });
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await this.maildev.listen();
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.maildev.close(() => resolve()));
    rmSync(this.mailDirectory, { recursive: true, force: true });
  }

  all(): Promise<CaughtMail[]> {
    return new Promise((resolve, reject) =>
      this.maildev.getAllEmail((error, mails) => {
        if (error) return reject(error);
        resolve(
          mails.map((mail) => ({
            subject: mail.subject,
            to: [...mail.to, ...(mail.cc ?? [])].map((recipient) => recipient.address),
            html: mail.html ?? '',
            text: mail.text ?? '',
            links: [...(mail.html ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, '&')),
          })),
        );
      }),
    );
  }

  async allTo(recipient: string): Promise<CaughtMail[]> {
    return (await this.all()).filter((mail) => mail.to.includes(recipient));
  }

  /** Waits for the first mail to `recipient`. */
  async waitForMailTo(recipient: string, timeoutMs = 15_000): Promise<CaughtMail> {
    const [mail] = await waitFor(
      () => this.allTo(recipient),
      (mails) => mails.length > 0,
      { what: `a mail to ${recipient}`, timeoutMs },
    );
    return mail;
  }
}
