import { Entity, ManyToOne, type Opt, PrimaryKeyProp, Property, type Rel } from '@mikro-orm/core';
import type { ReaderSide } from '@casebridge/contracts';
import { timestampColumn, updatedAtColumn } from '../columns';
import { User } from '../accounts/user.entity';
import { Case } from './case.entity';

/**
 * A user's attention on a case: whether they watch it and how far they have read its log. Written with plain SQL
 * (libs/db/src/attention) so that concurrent writers never lose a position; the entity documents the table.
 */
@Entity({ tableName: 'case_readers' })
export class CaseReader {
  [PrimaryKeyProp]?: ['user', 'case'];

  @ManyToOne({ entity: () => User, primary: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @ManyToOne({ entity: () => Case, primary: true, deleteRule: 'cascade' })
  case!: Rel<Case>;

  /** Which view of the case the reader has: the submitting or receiving company's, or a super admin's. */
  @Property({ type: 'text' })
  side!: ReaderSide;

  @Property({ type: 'boolean', default: false })
  watching: Opt<boolean> = false;

  /** The seq of the case log last seen. */
  @Property({ type: 'integer', default: 0 })
  readSeq: Opt<number> = 0;

  /** The entries the reader's side could see up to readSeq. */
  @Property({ type: 'integer', default: 0 })
  readCount: Opt<number> = 0;

  /** Set by an explicit unwatch: being named engineer again does not watch the case again; acting on it does. */
  @Property(timestampColumn({ nullable: true }))
  unwatchedAt: Date | null = null;

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
