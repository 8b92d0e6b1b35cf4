import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: the e-mail change mails `email-change-confirm` and `email-change-notice` for databases seeded
 * before they existed. A fresh database gets them from the seed instead (the seed runs after the migrations and
 * creates every template), so rows are inserted only where templates are already stored, and never over an
 * edited one.
 */
const TEMPLATES = [
  {
    slug: 'email-change-confirm',
    name: 'E-mail change confirmation',
    subject: 'Confirm your new {{product}} e-mail address',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>You asked to sign in to {{product}} with {{new_email}} from now on. Please confirm this address:</p>',
      '<p><a href="{{link}}" class="button">Confirm E-mail Address</a></p>',
      '<p>Until you open the link your e-mail address stays as it is. If you did not ask for this, ignore this e-mail.</p>',
    ].join('\n'),
  },
  {
    slug: 'email-change-notice',
    name: 'E-mail change notice (old address)',
    subject: 'Your {{product}} e-mail address is about to change',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Someone signed in to your {{product}} account asked to change its e-mail address to {{new_email}}. It changes only when the link sent to that address is opened.</p>',
      '<p>If this was not you, change your password now and tell your company administrator.</p>',
      '<p><a href="{{link}}" class="button">Open {{product}}</a></p>',
    ].join('\n'),
  },
];

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261124180000 extends Migration {
  override async up(): Promise<void> {
    for (const template of TEMPLATES) {
      this.addSql(
        `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
          `select ${literal(template.slug)}, ${literal(template.name)}, ${literal(template.subject)}, ` +
          `${literal(template.body)}, 'system' ` +
          `where exists (select 1 from "email_templates") on conflict ("slug") do nothing;`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" in ('email-change-confirm', 'email-change-notice');`);
  }
}
