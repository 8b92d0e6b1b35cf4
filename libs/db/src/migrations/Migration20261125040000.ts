import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written, beside 20261125033000: the network's directory (every active company, department and approved
 * document, with the documents' groups, tags and departments) is kept in memory by each api instance, so whatever
 * it shows announces `d` on the `case_reads` channel when it changes. Changes and deletions of companies,
 * departments, documents and their versions already announce `*` (which drops everything); these add the new rows
 * and the tables only the directory reads.
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
  }

  override async down(): Promise<void> {
    for (const table of [...NEW_ROW_TABLES, ...DIRECTORY_TABLES]) {
      this.addSql(`drop trigger if exists case_reads_directory on ${table};`);
    }
    this.addSql('drop function if exists case_reads_directory_changed();');
  }
}
