import {
  isLockedMailKind,
  MAIL_KIND_INFO,
  MAIL_KIND_OF_TEMPLATE,
  MAIL_KINDS,
  type MailDelivery,
  type MailJob,
  type MailKind,
} from '@casebridge/contracts';
import type { SqlRunner } from '../case-events/case-snapshots';
import { valuesPlaceholders } from '../attention/reader-sql';

/** Every kind with the user's delivery: their stored choice, else the kind's default. */
export async function mailPreferencesOf(run: SqlRunner, userId: number): Promise<Record<MailKind, MailDelivery>> {
  const rows = await run<{ kind: string; delivery: MailDelivery }>(
    `select kind, delivery from mail_preferences where user_id = ?`,
    [userId],
  );
  const chosen = new Map(rows.map((row) => [row.kind, row.delivery]));
  const all = {} as Record<MailKind, MailDelivery>;
  for (const kind of MAIL_KINDS) {
    const stored = chosen.get(kind);
    // A stored choice the kind no longer offers (a kind locked later) falls back to the default.
    all[kind] = stored && MAIL_KIND_INFO[kind].deliveries.includes(stored) ? stored : MAIL_KIND_INFO[kind].default;
  }
  return all;
}

/** Stores the given choices in one statement (locked kinds are refused by the contract before this). */
export async function saveMailPreferences(
  run: SqlRunner,
  userId: number,
  choices: Partial<Record<MailKind, MailDelivery>>,
): Promise<void> {
  const entries = Object.entries(choices) as [MailKind, MailDelivery][];
  if (entries.length === 0) return;
  await run(
    `insert into mail_preferences (user_id, kind, delivery) values ${valuesPlaceholders(entries.length, 3)}
     on conflict (user_id, kind) do update set delivery = excluded.delivery, updated_at = now()`,
    entries.flatMap(([kind, delivery]) => [userId, kind, delivery]),
  );
}

/**
 * The mail as it goes out now: without the recipients who are users that put its kind in the digest or turned it
 * off (one query for all its recipients), or null when nobody is left. Mails of no kind or a locked kind are
 * returned as they are. A cc is promoted to `to` when every `to` recipient left.
 */
export async function applyMailPreferences(run: SqlRunner, mail: MailJob): Promise<MailJob | null> {
  const kind = MAIL_KIND_OF_TEMPLATE[mail.template];
  if (!kind || isLockedMailKind(kind)) return mail;
  const addresses = [...mail.to, ...(mail.cc ?? []), ...(mail.bcc ?? [])].map((address) => address.toLowerCase());
  if (addresses.length === 0) return mail;
  const rows = await run<{ email: string }>(
    `select u.email from users u join mail_preferences p on p.user_id = u.id and p.kind = ?
      where u.email in (?) and p.delivery <> 'immediate'`,
    [kind, addresses],
  );
  if (rows.length === 0) return mail;
  const held = new Set(rows.map((row) => row.email));
  const keep = (list: string[] | undefined) => (list ?? []).filter((address) => !held.has(address.toLowerCase()));
  let to = keep(mail.to);
  let cc = keep(mail.cc);
  const bcc = keep(mail.bcc);
  if (to.length === 0) [to, cc] = [cc, []];
  if (to.length === 0 && bcc.length === 0) return null;
  return { ...mail, to, ...(mail.cc ? { cc } : {}), ...(mail.bcc ? { bcc } : {}) };
}
