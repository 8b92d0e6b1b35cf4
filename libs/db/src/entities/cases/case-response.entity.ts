import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { RESPONSE_TYPES, type ResponseType } from '@casebridge/contracts';
import { createdAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';
import { Case } from './case.entity';

/** An answer on a case: accept, reject, ask for information, or the submitter's information reply. */
@Entity({ tableName: 'case_responses' })
export class CaseResponse {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Case, index: true, deleteRule: 'cascade' })
  case!: Rel<Case>;

  @Enum({ items: [...RESPONSE_TYPES] })
  type!: ResponseType;

  /** The receiver's own case number. */
  @Property({ type: 'string', length: 100, nullable: true })
  caseNumber: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  engineerName: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  engineerEmail: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  engineerPhone: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  reviewerName: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  reviewerEmail: string | null = null;

  @Property({ type: 'text', nullable: true })
  nextSteps: string | null = null;

  @Property({ type: 'text', nullable: true })
  additionalInformation: string | null = null;

  /** Signed-in author, if the answer did not come through a token link. */
  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @ManyToOne({ entity: () => Company, index: true, nullable: true, deleteRule: 'set null' })
  company: Rel<Company> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
