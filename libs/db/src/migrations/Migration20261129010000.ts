import { Migration } from '@mikro-orm/migrations';

/**
 * Each side of a case may name its owner (`submitter_assignee_id`, `receiver_assignee_id`: a user of that side's
 * company); the owner is told by the `case-assigned` mail, inserted only where templates are already stored (a
 * fresh database gets it from the seed).
 */
const ASSIGNED = {
  slug: 'case-assigned',
  name: 'Case assigned to you',
  subject: '[{{product}}] Case {{case_number}} is assigned to you',
  body: [
    '<p>Hello {{first_name}},</p>',
    '<p>{{assigned_by}} assigned case <strong>{{case_number}}</strong> ({{partner}}) to you.</p>',
    '<p><strong>Summary:</strong> {{summary}}<br><strong>Priority:</strong> {{priority}}<br><strong>Status:</strong> {{status}}</p>',
    '<p><a href="{{link}}" class="button">Open the case</a></p>',
  ].join('\n'),
};

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "cases"
      add column "submitter_assignee_id" int null,
      add column "receiver_assignee_id" int null,
      add constraint "cases_submitter_assignee_id_foreign" foreign key ("submitter_assignee_id")
        references "users" ("id") on update cascade on delete set null,
      add constraint "cases_receiver_assignee_id_foreign" foreign key ("receiver_assignee_id")
        references "users" ("id") on update cascade on delete set null;`);
    // A user's owned cases (deleting a user clears them through the foreign keys).
    this.addSql(`create index "cases_submitter_assignee_id_index" on "cases" ("submitter_assignee_id")
      where "submitter_assignee_id" is not null;`);
    this.addSql(`create index "cases_receiver_assignee_id_index" on "cases" ("receiver_assignee_id")
      where "receiver_assignee_id" is not null;`);
    this.addSql(
      `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
        `select ${literal(ASSIGNED.slug)}, ${literal(ASSIGNED.name)}, ${literal(ASSIGNED.subject)}, ` +
        `${literal(ASSIGNED.body)}, 'system' where exists (select 1 from "email_templates") ` +
        `on conflict ("slug") do nothing;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" = 'case-assigned';`);
    this.addSql(`alter table "cases" drop column "submitter_assignee_id", drop column "receiver_assignee_id";`);
  }
}
