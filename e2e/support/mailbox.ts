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
  /** Text the subject or body must contain (a registrant, a reference): tells this journey's mail from others'. */
  mentions?: string;
  /** Mails already in the inbox before the journey acted (`await mailbox.ids()`), never the answer. */
  notAmong?: ReadonlySet<string>;
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

/** The SMTP catcher's inbox over its REST API (GET /email). */
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
  async waitFor({
    to,
    subjectContains,
    mentions,
    notAmong,
    timeoutMs = 20_000,
  }: WaitForMailOptions): Promise<CaughtMail> {
    const recipient = to?.toLowerCase();
    const matches = (mail: CaughtMail) =>
      (!recipient || mail.to.includes(recipient)) &&
      (!subjectContains || mail.subject.includes(subjectContains)) &&
      (!mentions || [mail.subject, mail.html, mail.text].some((part) => part.includes(mentions))) &&
      !notAmong?.has(mail.id);
    const newest = await waitFor(
      async () => (await this.all()).reverse().find(matches),
      (mail) => mail !== undefined,
      {
        what: `a new mail to ${to ?? 'anyone'} with subject containing "${subjectContains ?? ''}" that mentions "${mentions ?? ''}"`,
        timeoutMs,
        everyMs: 250,
      },
    );
    return newest as CaughtMail;
  }

  /** The ids of the mails in the inbox now: what a journey's waitFor must not take for the mail it is waiting for. */
  async ids(): Promise<Set<string>> {
    return new Set((await this.all()).map((mail) => mail.id));
  }
}
