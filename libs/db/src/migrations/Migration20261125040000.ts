import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written, beside 20261125033000: the dashboard's reads are kept in memory by each api instance too.
 * - The network's directory (every active company, department and approved document, with the documents' groups,
 *   tags and departments): whatever it shows announces `d` on the `case_reads` channel when it changes. Changes and
 *   deletions of companies, departments, documents and their versions already announce `*` (which drops
 *   everything); these add the new rows and the tables only the directory reads.
 * - A user's favourites and what decides whether they may edit their company's note announce `u:<user>`.
 */
const NEW_ROW_TABLES = ['companies', 'departments', 'contact_documents', 'document_versions'];
const DIRECTORY_TABLES = ['document_groups', 'document_tags', 'contact_document_departments', 'communities'];

export class Migration20261125040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function case_reads_directory_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('case_reads', 'd');
  return null;
end $$;`);
    for (const table of NEW_ROW_TABLES) {
      this.addSql(`create trigger case_reads_directory after insert on ${table}
  for each row execute function case_reads_directory_changed();`);
    }
    for (const table of DIRECTORY_TABLES) {
      this.addSql(`create trigger case_reads_directory after insert or update or delete on ${table}
  for each row execute function case_reads_directory_changed();`);
    }
    this.addSql(`create or replace function case_reads_favorites_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform pg_notify('case_reads', 'u:' || old.user_id); end if;
  if tg_op <> 'DELETE' then perform pg_notify('case_reads', 'u:' || new.user_id); end if;
  return null;
end $$;`);
    this.addSql(`create trigger case_reads_user after insert or update or delete on favorites
  for each row execute function case_reads_favorites_changed();`);
    this.addSql(`create or replace function case_reads_user_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('case_reads', 'u:' || new.id);
  return null;
end $$;`);
    this.addSql(`create trigger case_reads_user after update of type, role, company_id on users
  for each row when (old.type is distinct from new.type or old.role is distinct from new.role
    or old.company_id is distinct from new.company_id)
  execute function case_reads_user_changed();`);
  }

  override async down(): Promise<void> {
    for (const table of [...NEW_ROW_TABLES, ...DIRECTORY_TABLES]) {
      this.addSql(`drop trigger if exists case_reads_directory on ${table};`);
    }
    this.addSql('drop function if exists case_reads_directory_changed();');
    this.addSql('drop trigger if exists case_reads_user on favorites;');
    this.addSql('drop trigger if exists case_reads_user on users;');
    this.addSql('drop function if exists case_reads_favorites_changed();');
    this.addSql('drop function if exists case_reads_user_changed();');
  }
}
