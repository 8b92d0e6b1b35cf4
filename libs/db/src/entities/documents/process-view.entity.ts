import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { User } from '../accounts/user.entity';
import { ContactDocument } from './contact-document.entity';

/** A user opened a process document; feeds the processes-viewed report. */
@Entity({ tableName: 'process_views' })
@Index({ properties: ['createdAt'] })
export class ProcessView {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
