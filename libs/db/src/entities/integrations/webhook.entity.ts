import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';

/** A company's endpoint that receives case events; deliveries are signed with `secret`. */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @Property({ type: 'string', length: 1000 })
  url!: string;

  /** HMAC signing secret; it must be readable to sign, so it is stored as given and never returned. */
  @Property({ type: 'string', length: 255, hidden: true })
  secret!: string;

  /** The secret before the last rotation: deliveries are signed with it too until previousSecretExpiresAt. */
  @Property({ type: 'string', length: 255, hidden: true, nullable: true })
  previousSecret: string | null = null;

  @Property(timestampColumn({ nullable: true }))
  previousSecretExpiresAt: Date | null = null;

  /** Case event types (CASE_EVENT_TYPES) this endpoint receives; null means every one. */
  @Property({ type: 'json', nullable: true })
  events: string[] | null = null;

  @Property({ type: 'boolean', default: true })
  active: Opt<boolean> = true;

  /**
   * The first failed attempt since the last delivered one (null while deliveries succeed): the worker switches the
   * endpoint off once this is WEBHOOK_DISABLE_AFTER_HOURS old.
   */
  @Property(timestampColumn({ nullable: true }))
  failingSince: Date | null = null;

  /** When and why the worker switched it off; enabling it again clears both, and failingSince. */
  @Property(timestampColumn({ nullable: true }))
  disabledAt: Date | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  disabledReason: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}

@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['status', 'createdAt'] })
// A delivery waits for the pending ones of its case before it to the same endpoint (the worker's order check).
@Index({
  name: 'webhook_deliveries_pending_case_index',
  expression:
    `create index "webhook_deliveries_pending_case_index" on "webhook_deliveries" ` +
    `("endpoint_id", ("payload"->>'case_token'), (("payload"->>'seq')::int)) where "status" = 'pending';`,
})
export class WebhookDelivery {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => WebhookEndpoint, index: true, deleteRule: 'cascade' })
  endpoint!: Rel<WebhookEndpoint>;

  @Property({ type: 'string', length: 100 })
  eventType!: string;

  @Property({ type: 'json' })
  payload!: Record<string, unknown>;

  @Enum({ items: [...WEBHOOK_DELIVERY_STATUSES], default: 'pending' })
  status: Opt<WebhookDeliveryStatus> = 'pending';

  @Property({ type: 'integer', default: 0 })
  attempts: Opt<number> = 0;

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  /** How long the last attempt took, from sending to the answer (or the failure). */
  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  /** Why the last attempt failed, in words (HTTP status, timeout, refused address); cleared once delivered. */
  @Property({ type: 'string', length: 500, nullable: true })
  error: string | null = null;

  @Property(timestampColumn({ nullable: true }))
  lastAttemptAt: Date | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(timestampColumn({ nullable: true }))
  deliveredAt: Date | null = null;

  /**
   * When a company admin last asked to send it again. Such a send is deliberate: it neither waits for nor holds
   * back the other deliveries of its case.
   */
  @Property(timestampColumn({ nullable: true }))
  redeliveredAt: Date | null = null;
}
