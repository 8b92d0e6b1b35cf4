import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: the integration API's change feed (GET /api/v1/events), one ordered list per company of the case
 * events it may see, which a reader pages with a cursor and never misses an entry of.
 *
 * Reading `id > last` would skip an entry whose transaction took a lower id but committed after the reader passed
 * it. So each entry carries a feed key: the id of the transaction that wrote it (pg_current_xact_id), raised to the
 * key of the case's previous entry when that is higher, so that a case's entries keep their seq order. A reader
 * serves only keys below the oldest transaction still running (pg_snapshot_xmin): every entry there has committed
 * (or never will), and one that commits later gets a key at least that high, so it sorts after everything already
 * served. The feed is ordered by (feed_key, event_id); the cursor is that pair.
 *
 * Triggers keep it, so every writer of case events (the api, the worker, the seeders) feeds it alike.
 */
export class Migration20261128110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "cases" add column "feed_key" xid8 null;');
    this.addSql('alter table "case_events" add column "feed_key" xid8 null;');
    // Entries written before the feed existed come first, in id order (which is each case's seq order).
    this.addSql(`update "case_events" set "feed_key" = '1'::xid8;`);
    this.addSql(`update "cases" set "feed_key" = '1'::xid8 where "event_seq" > 0;`);
    this.addSql('alter table "case_events" alter column "feed_key" set not null;');
    this.addSql(`create table "case_feed" (
  "company_id" int not null references "companies" ("id") on delete cascade,
  "feed_key" xid8 not null,
  "event_id" int not null references "case_events" ("id") on delete cascade,
  "audience" varchar(20) not null,
  primary key ("company_id", "feed_key", "event_id")
);`);
    this.addSql('create index "case_feed_event_id_index" on "case_feed" ("event_id");');
    this.addSql(`insert into "case_feed" ("company_id", "feed_key", "event_id", "audience")
  select c.submitter_company_id, e.feed_key, e.id, 'submitter' from case_events e join cases c on c.id = e.case_id
  union all
  select c.receiver_company_id, e.feed_key, e.id, 'receiver' from case_events e join cases c on c.id = e.case_id
   where c.receiver_company_id <> c.submitter_company_id;`);

    // Before the row is stored: its key, raised to the case's last one. Updating the case row also holds its lock
    // to the commit, so the next entry of the case is keyed after this one has committed.
    this.addSql(`create or replace function case_events_feed_key() returns trigger language plpgsql as $$
begin
  update cases set feed_key = greatest(pg_current_xact_id(), coalesce(feed_key, '0'::xid8))
   where id = new.case_id
  returning feed_key into new.feed_key;
  return new;
end $$;`);
    this.addSql(`create trigger case_events_feed_key before insert on case_events
  for each row execute function case_events_feed_key();`);
    this.addSql(`create or replace function case_events_feed() returns trigger language plpgsql as $$
begin
  insert into case_feed (company_id, feed_key, event_id, audience)
  select c.submitter_company_id, new.feed_key, new.id, 'submitter' from cases c where c.id = new.case_id
  union all
  select c.receiver_company_id, new.feed_key, new.id, 'receiver' from cases c
   where c.id = new.case_id and c.receiver_company_id <> c.submitter_company_id;
  return null;
end $$;`);
    this.addSql(`create trigger case_events_feed after insert on case_events
  for each row execute function case_events_feed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists case_events_feed on case_events;');
    this.addSql('drop trigger if exists case_events_feed_key on case_events;');
    this.addSql('drop function if exists case_events_feed();');
    this.addSql('drop function if exists case_events_feed_key();');
    this.addSql('drop table if exists "case_feed";');
    this.addSql('alter table "case_events" drop column "feed_key";');
    this.addSql('alter table "cases" drop column "feed_key";');
  }
}
