import { Entity, ManyToOne, type Opt, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Department } from '../accounts/department.entity';
import { User } from '../accounts/user.entity';
import { ContactDocument } from '../documents/contact-document.entity';

/** A partner (company or one of its departments) on a user's favourites list. */
@Entity({ tableName: 'favorites' })
// NULLS NOT DISTINCT: a favourite of a whole company (department null) must also be unique.
@Unique({
  name: 'favorites_user_company_department_unique',
  expression:
    'alter table "favorites" add constraint "favorites_user_company_department_unique" unique nulls not distinct ("user_id", "company_id", "department_id");',
})
export class Favorite {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @ManyToOne({ entity: () => Department, index: true, nullable: true, deleteRule: 'cascade' })
  department: Rel<Department> | null = null;

  @ManyToOne({ entity: () => ContactDocument, index: true, nullable: true, deleteRule: 'set null' })
  document: Rel<ContactDocument> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
