import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: the onboarding review mails `onboarding-approved` and `onboarding-rejected` for databases seeded
 * before they existed. A fresh database gets them from the seed instead (the seed runs after the migrations and
 * creates every template), so rows are inserted only where templates are already stored, and never over an
 * edited one.
 */
const TEMPLATES = [
  {
    slug: 'onboarding-approved',
    name: 'Onboarding approved',
    subject: '[{{product}}] {{company}} is now a member of {{group}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Good news: the application of {{company}} to {{group}} has been approved. {{company}} is now part of {{product}} connect.</p>',
      '<p>Sign in with the e-mail address and password you chose when you applied.</p>',
      '<p><a href="{{link}}" class="button">Sign in to {{product}}</a></p>',
    ].join('\n'),
  },
  {
    slug: 'onboarding-rejected',
    name: 'Onboarding rejected',
    subject: '[{{product}}] Your {{group}} application',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>We are sorry: the application of {{company}} to {{group}} was not approved.</p>',
      '<p>Please contact the group host if you have questions.</p>',
      '<p><a href="{{link}}" class="button">Registration status</a></p>',
    ].join('\n'),
  },
];

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261123054500 extends Migration {
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
    this.addSql(`delete from "email_templates" where "slug" in ('onboarding-approved', 'onboarding-rejected');`);
  }
}
