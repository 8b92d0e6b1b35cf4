import { Migration } from '@mikro-orm/migrations';

/**
 * Internal notes: `case_notes.visibility` is partner (both companies read it, as every note so far) or internal
 * (only the author's company). The `note_added` entry of an internal note carries `case_events.visible_to`, and
 * the change feed gives such an entry a row only for that side's company: the other company's feed (and so its
 * webhooks) never holds it, and its cursor pages see no hole either.
 */
export class Migration20261128171000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "case_notes" add column "visibility" text not null default 'partner'
      constraint case_notes_visibility_check check ("visibility" in ('partner', 'internal'));`);
    this.addSql(`create or replace function case_events_feed() returns trigger language plpgsql as $$
begin
  insert into case_feed (company_id, feed_key, event_id, audience)
  select c.submitter_company_id, new.feed_key, new.id, 'submitter' from cases c
   where c.id = new.case_id
     and (new.visible_to is null or new.visible_to = 'submitter' or c.receiver_company_id = c.submitter_company_id)
  union all
  select c.receiver_company_id, new.feed_key, new.id, 'receiver' from cases c
   where c.id = new.case_id and c.receiver_company_id <> c.submitter_company_id
     and (new.visible_to is null or new.visible_to = 'receiver');
  return null;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function case_events_feed() returns trigger language plpgsql as $$
begin
  insert into case_feed (company_id, feed_key, event_id, audience)
  select c.submitter_company_id, new.feed_key, new.id, 'submitter' from cases c where c.id = new.case_id
  union all
  select c.receiver_company_id, new.feed_key, new.id, 'receiver' from cases c
   where c.id = new.case_id and c.receiver_company_id <> c.submitter_company_id;
  return null;
end $$;`);
    this.addSql(`alter table "case_notes" drop column "visibility";`);
  }
}
