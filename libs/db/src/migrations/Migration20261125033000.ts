import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: every committed change to what the cached hot reads show (case pages, case lists, the escalation
 * queue) is announced on the `case_reads` channel, whoever wrote it (api, worker, a script, psql), so each api
 * instance drops its stale answers (api/src/read-cache). A case or one of its items sends `c:<case>:<submitter
 * company>:<receiver company>`; a change to a company, a user's name, a department or a document, which many
 * answers show, sends `*`. PostgreSQL delivers one notification per distinct payload per transaction, in commit
 * order, and only for transactions that commit.
 */
const CASE_ITEM_TABLES = ['case_notes', 'case_responses', 'case_attachments', 'case_customer_data'];
const SHOWN_EVERYWHERE_TABLES = ['companies', 'departments', 'contact_documents', 'document_versions'];

export class Migration20261125033000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function case_reads_case_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('case_reads', format('c:%s:%s:%s', old.id, old.submitter_company_id, old.receiver_company_id));
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('case_reads', format('c:%s:%s:%s', new.id, new.submitter_company_id, new.receiver_company_id));
  end if;
  return null;
end $$;`);
    this.addSql(`create or replace function case_reads_item_changed() returns trigger language plpgsql as $$
declare
  changed_case integer;
begin
  if tg_op = 'DELETE' then changed_case := old.case_id; else changed_case := new.case_id; end if;
  perform pg_notify('case_reads', format('c:%s:%s:%s', c.id, c.submitter_company_id, c.receiver_company_id))
    from cases c where c.id = changed_case;
  return null;
end $$;`);
    this.addSql(`create or replace function case_reads_all_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('case_reads', '*');
  return null;
end $$;`);
    this.addSql(`create trigger case_reads after insert or update or delete on cases
  for each row execute function case_reads_case_changed();`);
    for (const table of CASE_ITEM_TABLES) {
      this.addSql(`create trigger case_reads after insert or update or delete on ${table}
  for each row execute function case_reads_item_changed();`);
    }
    for (const table of SHOWN_EVERYWHERE_TABLES) {
      this.addSql(`create trigger case_reads_update after update on ${table}
  for each row when (old is distinct from new) execute function case_reads_all_changed();`);
      this.addSql(`create trigger case_reads_delete after delete on ${table}
  for each row execute function case_reads_all_changed();`);
    }
    // Notes show their author's name; sign-ins and settings change other columns of users every minute.
    this.addSql(`create trigger case_reads after update of first_name, last_name on users
  for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
  execute function case_reads_all_changed();`);
  }

  override async down(): Promise<void> {
    for (const table of ['cases', ...CASE_ITEM_TABLES, 'users']) {
      this.addSql(`drop trigger if exists case_reads on ${table};`);
    }
    for (const table of SHOWN_EVERYWHERE_TABLES) {
      this.addSql(`drop trigger if exists case_reads_update on ${table};`);
      this.addSql(`drop trigger if exists case_reads_delete on ${table};`);
    }
    this.addSql('drop function if exists case_reads_case_changed();');
    this.addSql('drop function if exists case_reads_item_changed();');
    this.addSql('drop function if exists case_reads_all_changed();');
  }
}
