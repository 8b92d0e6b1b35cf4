import { Entity, ManyToOne, type Opt, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { User } from '../accounts/user.entity';
import { Case } from './case.entity';

/**
 * Append-only history of a case. seq runs 1..n per case (Case.eventSeq holds the last one), so a
 * client that missed live events can ask for everything after the seq it has seen.
 */
@Entity({ tableName: 'case_events' })
@Unique({ properties: ['case', 'seq'] })
export class CaseEvent {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Case, deleteRule: 'cascade' })
  case!: Rel<Case>;

  @Property({ type: 'integer' })
  seq!: number;

  /** One of CASE_EVENT_TYPES (contracts): submitted, accepted, note_added, closed... */
  @Property({ type: 'string', length: 100 })
  type!: string;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  actorUser: Rel<User> | null = null;

  /** Who did it, as shown (user name, or the engineer of a token link). */
  @Property({ type: 'string', length: 200, nullable: true })
  actorLabel: string | null = null;

  /** null: every audience; 'submitter' or 'receiver': only that company's members (an internal note). */
  @Property({ type: 'text', nullable: true })
  visibleTo: 'submitter' | 'receiver' | null = null;

  @Property({ type: 'json', nullable: true })
  payload: Opt<Record<string, unknown>> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
