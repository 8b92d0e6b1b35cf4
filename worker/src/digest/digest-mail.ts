import { CASE_ENTRY_TITLES, routePath, type MailJob } from '@casebridge/contracts';
import type { DigestEntry, DigestRead, DigestReader } from '@casebridge/db';

/** The dedupe key of a user's digest of a local date: one mail per user and day, whoever queues it. */
export function digestMailKey(userId: number, localDate: string): string {
  return `case-digest-${userId}-${localDate}`;
}

/** hh:mm UTC, as the digest tells each entry's time (the recipient's own zone decided when it went out). */
function timeOf(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Plain text, grouped by case: the case line, its link, then one line per entry, oldest first. */
export function digestText(entries: DigestEntry[], total: number, publicUrl: string): string {
  const blocks: string[] = [];
  let current: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push(lines.join('\n'));
  };
  for (const entry of entries) {
    if (entry.caseToken !== current) {
      flush();
      current = entry.caseToken;
      lines = [`${entry.caseNumber}: ${entry.summary}`, publicUrl + routePath('case-info', { token: entry.caseToken })];
    }
    const what = CASE_ENTRY_TITLES[entry.type] ?? entry.type;
    lines.push(`- ${timeOf(entry.at)}: ${what}${entry.actor ? ` by ${entry.actor}` : ''}`);
  }
  flush();
  if (total > entries.length) blocks.push(`… and ${total - entries.length} more on the site.`);
  return blocks.join('\n\n');
}

export function digestMail(user: DigestReader, localDate: string, read: DigestRead, publicUrl: string): MailJob {
  return {
    template: 'case-digest',
    to: [user.email],
    variables: {
      first_name: user.firstName,
      entry_count: String(read.total),
      entries: digestText(read.entries, read.total, publicUrl),
      link: publicUrl + routePath('cases'),
      settings_link: publicUrl + routePath('profile'),
    },
    dedupeKey: digestMailKey(user.id, localDate),
  };
}
