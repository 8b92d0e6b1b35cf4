import { Migration } from '@mikro-orm/migrations';

/**
 * The new-case mail names the priority in its subject and the case's key fields in its body; the submitter gets a
 * receipt (`case-receipt`). An unedited new-case mail takes the seed's words (an edited one is left as it is); the
 * receipt is inserted only where templates are already stored (a fresh database gets it from the seed).
 */
export const PREVIOUS_NEW_CASE = {
  subject: '[{{product}}] New case {{case_number}} from {{company}}',
  body: [
    '<p>Hello,</p>',
    '<p>{{company}} has submitted case <strong>{{case_number}}</strong> to your process <strong>{{process}}</strong> through {{product}} connect.</p>',
    '<p><strong>Summary:</strong> {{summary}}</p>',
    '<p>Please review the case and respond (accept it or ask for more information):</p>',
    '<p><a href="{{link}}" class="button">Respond to the case</a></p>',
    '<p>Customer data of a case is kept for one month after submission.</p>',
  ].join('\n'),
};

/** The seed's words when this migration was written (a migration never follows later seeds). */
const NEW_CASE = {
  subject: '[{{product}}] New {{priority}} case {{case_number}} from {{company}}',
  body: [
    '<p>Hello,</p>',
    '<p>{{company}} has submitted case <strong>{{case_number}}</strong> to your process <strong>{{process}}</strong> through {{product}} connect.</p>',
    '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}<br>' +
      '<strong>Engineer:</strong> {{engineer_name}}, {{engineer_email}} {{engineer_phone}}</p>',
    '<p>Please review the case and respond (accept it or ask for more information):</p>',
    '<p><a href="{{link}}" class="button">Respond to the case</a></p>',
    '<p>Customer data of a case is kept for one month after submission.</p>',
  ].join('\n'),
};

const RECEIPT = {
  slug: 'case-receipt',
  name: 'Case sent (receipt to the submitter)',
  subject: '[{{product}}] Case {{case_number}} sent to {{receiver}}',
  body: [
    '<p>Hello {{first_name}},</p>',
    '<p>Your case <strong>{{case_number}}</strong> reached {{receiver}} ({{process}}); they have been mailed and asked to respond.</p>',
    '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}</p>',
    '<p><a href="{{link}}" class="button">Open the case</a></p>',
  ].join('\n'),
};

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261128181000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "email_templates" set "subject" = ${literal(NEW_CASE.subject)}, "body" = ${literal(NEW_CASE.body)} ` +
        `where "slug" = 'new_receiving_member' and "subject" = ${literal(PREVIOUS_NEW_CASE.subject)} ` +
        `and "body" = ${literal(PREVIOUS_NEW_CASE.body)};`,
    );
    this.addSql(
      `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
        `select ${literal(RECEIPT.slug)}, ${literal(RECEIPT.name)}, ${literal(RECEIPT.subject)}, ` +
        `${literal(RECEIPT.body)}, 'system' where exists (select 1 from "email_templates") ` +
        `on conflict ("slug") do nothing;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" = 'case-receipt';`);
    this.addSql(
      `update "email_templates" set "subject" = ${literal(PREVIOUS_NEW_CASE.subject)}, ` +
        `"body" = ${literal(PREVIOUS_NEW_CASE.body)} where "slug" = 'new_receiving_member' ` +
        `and "subject" = ${literal(NEW_CASE.subject)};`,
    );
  }
}
