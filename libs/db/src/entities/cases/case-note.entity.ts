import { NOTE_VISIBILITIES, type NoteVisibility } from '@casebridge/contracts';
import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';
import { Case } from './case.entity';

/** A post on the case's Collaboration Feed; purged after 30 days. */
@Entity({ tableName: 'case_notes' })
@Index({ properties: ['createdAt'] })
export class CaseNote {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Case, index: true, deleteRule: 'cascade' })
  case!: Rel<Case>;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @ManyToOne({ entity: () => Company, index: true, nullable: true, deleteRule: 'set null' })
  company: Rel<Company> | null = null;

  /** Name shown on the feed (kept when the user is deleted, or for token-link authors). */
  @Property({ type: 'string', length: 200 })
  creatorName!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  summary: string | null = null;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** partner: both companies read it; internal: only the author's company (`company`). */
  @Enum({ items: [...NOTE_VISIBILITIES], default: 'partner' })
  visibility: Opt<NoteVisibility> = 'partner';

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(timestampColumn({ nullable: true }))
  deletedAt: Date | null = null;
}
