import { waitFor } from '../../test/wait-for';
import { E2E_STACK } from './stack';

/** A mail as the journeys see it: links are the href targets of the HTML part, in order. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: string[];
  html: string;
  text: string;
  links: string[];
}

export interface WaitForMailOptions {
  to?: string;
  subjectContains?: string;
  timeoutMs?: number;
}

interface MaildevAddress {
  address: string;
}

interface MaildevMail {
  id: string;
  subject?: string;
  html?: string;
  text?: string;
  to?: MaildevAddress[];
  cc?: MaildevAddress[];
  time?: string;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export function extractLinks(html: string): string[] {
  return [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((match) => decodeAttribute(match[1]));
}

/** The SMTP catcher's inbox over its REST API (GET /email, DELETE /email/all). */
export class Mailbox {
  constructor(private readonly baseUrl: string = E2E_STACK.mailWebUrl) {}

  async all(): Promise<CaughtMail[]> {
    const response = await fetch(`${this.baseUrl}/email`);
    if (!response.ok) throw new Error(`Mail catcher answered ${response.status}`);
    const mails = (await response.json()) as MaildevMail[];
    return mails.map((mail) => ({
      id: mail.id,
      subject: mail.subject ?? '',
      to: [...(mail.to ?? []), ...(mail.cc ?? [])].map((recipient) => recipient.address.toLowerCase()),
      html: mail.html ?? '',
      text: mail.text ?? '',
      links: extractLinks(mail.html ?? ''),
    }));
  }

  /** The newest mail matching every given filter; polls until it arrives or the timeout passes. */
  async waitFor({ to, subjectContains, timeoutMs = 20_000 }: WaitForMailOptions): Promise<CaughtMail> {
    const recipient = to?.toLowerCase();
    const matches = (mail: CaughtMail) =>
      (!recipient || mail.to.includes(recipient)) && (!subjectContains || mail.subject.includes(subjectContains));
    const newest = await waitFor(
      async () => (await this.all()).reverse().find(matches),
      (mail) => mail !== undefined,
      {
        what: `a mail to ${to ?? 'anyone'} with subject containing "${subjectContains ?? ''}"`,
        timeoutMs,
        everyMs: 250,
      },
    );
    return newest as CaughtMail;
  }

  async clear(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/email/all`, { method: 'DELETE' });
    if (!response.ok) throw new Error(`Mail catcher answered ${response.status} to clear`);
  }
}
