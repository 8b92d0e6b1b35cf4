import { Collection, Entity, ManyToOne, OneToMany, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { User } from '../accounts/user.entity';

/** A partner search typed on the dashboard (logged after the debounce). */
@Entity({ tableName: 'saved_searches' })
export class SavedSearch {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 255 })
  term!: string;

  @Property({ type: 'string', length: 50, nullable: true })
  location: string | null = null;

  @OneToMany({ entity: () => SearchResultPick, mappedBy: 'search' })
  picks = new Collection<SearchResultPick>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}

/** The result the user chose for a saved search. */
@Entity({ tableName: 'search_result_picks' })
export class SearchResultPick {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => SavedSearch, index: true, deleteRule: 'cascade' })
  search!: Rel<SavedSearch>;

  @Property({ type: 'string', length: 255 })
  member!: string;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
