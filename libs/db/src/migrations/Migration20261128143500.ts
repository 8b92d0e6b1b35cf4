import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks that keep each case's order and switch off a failing endpoint. Endpoints remember since when every
 * delivery failed and when and why the worker disabled them; a delivery remembers when it was sent again on request
 * (such a send keeps out of the case's order); a partial index serves the order check (the pending deliveries of
 * one case to one endpoint). Hand-written like the template migrations before it: the `webhook-disabled` mail is
 * inserted only where templates are already stored (a fresh database gets it from the seed, which runs after the
 * migrations), never over an edited one.
 */
const WEBHOOK_DISABLED = {
  slug: 'webhook-disabled',
  name: 'Webhook endpoint disabled',
  subject: '[{{product}}] Webhook endpoint disabled: {{endpoint_url}}',
  body: [
    '<p>Hello {{first_name}},</p>',
    '<p>Every delivery to the webhook endpoint <strong>{{endpoint_url}}</strong> of {{company}} has failed since {{failing_since}}, so {{product}} has switched it off and sends it nothing more.</p>',
    '<p><strong>Last error:</strong> {{last_error}}</p>',
    '<p>Once the receiver works again, enable the endpoint on the Integrations page. The deliveries it missed can be sent again there, and every case event is in the change feed.</p>',
    '<p><a href="{{link}}" class="button">Open Integrations</a></p>',
  ].join('\n'),
};

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261128143500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints"
  add column "failing_since" timestamptz null,
  add column "disabled_at" timestamptz null,
  add column "disabled_reason" varchar(255) null;`);
    this.addSql(`alter table "webhook_deliveries" add column "redelivered_at" timestamptz null;`);
    this.addSql(
      `create index "webhook_deliveries_pending_case_index" on "webhook_deliveries" ` +
        `("endpoint_id", ("payload"->>'case_token'), (("payload"->>'seq')::int)) where "status" = 'pending';`,
    );
    this.addSql(
      `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
        `select ${literal(WEBHOOK_DISABLED.slug)}, ${literal(WEBHOOK_DISABLED.name)}, ` +
        `${literal(WEBHOOK_DISABLED.subject)}, ${literal(WEBHOOK_DISABLED.body)}, 'system' ` +
        `where exists (select 1 from "email_templates") on conflict ("slug") do nothing;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" = 'webhook-disabled';`);
    this.addSql(`drop index "webhook_deliveries_pending_case_index";`);
    this.addSql(`alter table "webhook_deliveries" drop column "redelivered_at";`);
    this.addSql(`alter table "webhook_endpoints"
  drop column "failing_since",
  drop column "disabled_at",
  drop column "disabled_reason";`);
  }
}
