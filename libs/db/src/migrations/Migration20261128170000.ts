import { Migration } from '@mikro-orm/migrations';

/**
 * Attention: who watches which case and how far each reader has read it.
 * - `case_events.visible_to`: null for every audience, or the one company side an entry is for (an internal note).
 * - `cases.entries_*`: the running number of entries each side can see (super admins see no notes), kept by the
 *   one writer of case events, so unread = entries - read_count costs no count per row.
 * - `case_readers`: one row per user and case they watch or have opened; `read_count` is their side's number of
 *   entries up to `read_seq`. `unwatched_at` remembers an explicit unwatch (being named engineer again does not
 *   override it; acting on the case does).
 * Existing submitters and note authors watch their cases, read up to now.
 */
export class Migration20261128170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "case_events" add column "visible_to" text null
      constraint case_events_visible_to_check check ("visible_to" in ('submitter', 'receiver'));`);
    this.addSql(`alter table "cases" add column "entries_submitter" integer not null default 0,
      add column "entries_receiver" integer not null default 0, add column "entries_staff" integer not null default 0;`);
    this.addSql(`update "cases" c set "entries_submitter" = x.n, "entries_receiver" = x.n, "entries_staff" = x.staff
      from (select case_id, count(*) as n, count(*) filter (where type <> 'note_added') as staff
              from case_events group by case_id) x
      where x.case_id = c.id;`);
    this.addSql(`create table "case_readers" (
      "user_id" integer not null references "users" ("id") on delete cascade,
      "case_id" integer not null references "cases" ("id") on delete cascade,
      "side" text not null constraint case_readers_side_check check ("side" in ('submitter', 'receiver', 'staff')),
      "watching" boolean not null default false,
      "read_seq" integer not null default 0,
      "read_count" integer not null default 0,
      "unwatched_at" timestamptz null,
      "updated_at" timestamptz not null default current_timestamp,
      primary key ("user_id", "case_id"));`);
    this.addSql(`create index "case_readers_watchers_index" on "case_readers" ("case_id") where "watching";`);
    this.addSql(`insert into "case_readers" ("user_id", "case_id", "side", "watching", "read_seq", "read_count")
      select c.submitter_user_id, c.id, 'submitter', true, c.event_seq, c.entries_submitter
        from cases c where c.submitter_user_id is not null
      on conflict do nothing;`);
    this.addSql(`insert into "case_readers" ("user_id", "case_id", "side", "watching", "read_seq", "read_count")
      select distinct n.user_id, c.id, s.side, true, c.event_seq,
             case s.side when 'receiver' then c.entries_receiver else c.entries_submitter end
        from case_notes n
        join cases c on c.id = n.case_id
        cross join lateral (select case when n.company_id = c.submitter_company_id then 'submitter'
                                        else 'receiver' end as side) s
       where n.user_id is not null and n.company_id in (c.submitter_company_id, c.receiver_company_id)
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "case_readers";`);
    this.addSql(`alter table "cases" drop column "entries_submitter", drop column "entries_receiver",
      drop column "entries_staff";`);
    this.addSql(`alter table "case_events" drop column "visible_to";`);
  }
}
