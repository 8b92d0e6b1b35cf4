import { Entity, type Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { updatedAtColumn } from '../columns';

/** A stored mail; subject and body use {{placeholders}} filled by the worker. Editable by super admins. */
@Entity({ tableName: 'email_templates' })
export class EmailTemplate {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100, unique: true })
  slug!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 500 })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  /** system: sent by the product; document: chosen per process document. */
  @Property({ type: 'string', length: 50, default: 'system' })
  type: Opt<string> = 'system';

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
