import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: the onboarding mails `onboarding-saved` and `onboarding-received` for databases seeded before they
 * existed. A fresh database gets them from the seed instead (the seed runs after the migrations and creates every
 * template), so rows are inserted only where templates are already stored, and never over an edited one.
 */
const TEMPLATES = [
  {
    slug: 'onboarding-saved',
    name: 'Onboarding saved for later',
    subject: '[{{product}}] Finish your {{group}} application',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Your application to {{group}} has been saved. Open the link below to continue where you left off.</p>',
      '<p><a href="{{link}}" class="button">Continue my application</a></p>',
      '<p>Keep this mail: the link is the only way back to your saved application.</p>',
    ].join('\n'),
  },
  {
    slug: 'onboarding-received',
    name: 'Onboarding request received',
    subject: '[{{product}}] We received the {{group}} application of {{company}}',
    body: [
      '<p>Hello {{first_name}},</p>',
      '<p>Thank you: the application of {{company}} to {{group}} has been sent for review.</p>',
      '<p>You will receive a status e-mail once it has been reviewed.</p>',
      '<p><a href="{{link}}" class="button">Registration status</a></p>',
    ].join('\n'),
  },
];

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261123043000 extends Migration {
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
    this.addSql(`delete from "email_templates" where "slug" in ('onboarding-saved', 'onboarding-received');`);
  }
}
