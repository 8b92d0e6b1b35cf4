import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written, for databases seeded before these texts: the `change-request` mail to the membership team, and the
 * new-case mail (`new_receiving_member`) no longer offering a rejection an open case does not allow. A fresh
 * database gets both from the seed instead (the seed runs after the migrations), so the template is inserted only
 * where templates are already stored, and the new-case body is replaced only while it is still the seeded one
 * (never over an edited one).
 */
const CHANGE_REQUEST = {
  slug: 'change-request',
  name: 'Company change request',
  subject: '[{{product}}] Change request from {{company}}: {{change_type}}',
  body: [
    '<p>Hello,</p>',
    '<p>{{requester_name}} ({{requester_email}}) of {{company}} asks the membership team for a change only membership can make.</p>',
    '<p><strong>Type:</strong> {{change_type}}</p>',
    '<p style="white-space: pre-line"><strong>Changes:</strong> {{note}}</p>',
    '<p>The requester was told it takes 24-48 hours. Mark the request done on the company page once it is made:</p>',
    '<p><a href="{{link}}" class="button">Open the company</a></p>',
  ].join('\n'),
};

const newCaseBody = (offer: string) =>
  [
    '<p>Hello,</p>',
    '<p>{{company}} has submitted case <strong>{{case_number}}</strong> to your process <strong>{{process}}</strong> through {{product}} connect.</p>',
    '<p><strong>Summary:</strong> {{summary}}</p>',
    `<p>Please review the case and respond (${offer}):</p>`,
    '<p><a href="{{link}}" class="button">Respond to the case</a></p>',
    '<p>Customer data of a case is kept for one month after submission.</p>',
  ].join('\n');
const NEW_CASE_BEFORE = newCaseBody('accept, reject or ask for more information');
const NEW_CASE_AFTER = newCaseBody('accept it or ask for more information');

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261124194000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
        `select ${literal(CHANGE_REQUEST.slug)}, ${literal(CHANGE_REQUEST.name)}, ${literal(CHANGE_REQUEST.subject)}, ` +
        `${literal(CHANGE_REQUEST.body)}, 'system' ` +
        `where exists (select 1 from "email_templates") on conflict ("slug") do nothing;`,
    );
    this.addSql(
      `update "email_templates" set "body" = ${literal(NEW_CASE_AFTER)} ` +
        `where "slug" = 'new_receiving_member' and "body" = ${literal(NEW_CASE_BEFORE)};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" = 'change-request';`);
    this.addSql(
      `update "email_templates" set "body" = ${literal(NEW_CASE_BEFORE)} ` +
        `where "slug" = 'new_receiving_member' and "body" = ${literal(NEW_CASE_AFTER)};`,
    );
  }
}
