import { Collection, Entity, ManyToOne, OneToMany, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { DEFAULT_PHONE_COUNTRY_CODE } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';
import { ContactDocument } from '../documents/contact-document.entity';
import { Case } from './case.entity';

/** A manager escalation request sent through a manager-type process document. */
@Entity({ tableName: 'manager_requests' })
export class ManagerRequest {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** Random url-safe string used in the manager response link. */
  @Property({ type: 'string', length: 64, unique: true })
  token!: string;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  submitterCompany!: Rel<Company>;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  receiverCompany!: Rel<Company>;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @Property({ type: 'string', length: 100 })
  firstName!: string;

  @Property({ type: 'string', length: 100 })
  lastName!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 25, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 2, default: DEFAULT_PHONE_COUNTRY_CODE })
  phoneCountryCode: Opt<string> = DEFAULT_PHONE_COUNTRY_CODE;

  @Property({ type: 'string', length: 100, nullable: true })
  internalReference: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  vendorReference: string | null = null;

  /**
   * The case the vendor reference names (its internal case number or token), when it names exactly one case between
   * the two companies; set at intake. The request and its answer then appear on that case's log.
   */
  @ManyToOne({ entity: () => Case, index: true, nullable: true, deleteRule: 'set null' })
  case: Rel<Case> | null = null;

  @Property({ type: 'text', nullable: true })
  businessImpact: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  escalationType: string | null = null;

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  /** When a manager answered through the link: the link takes one answer (set by one conditional update). */
  @Property(timestampColumn({ nullable: true }))
  answeredAt: Date | null = null;

  @OneToMany({ entity: () => ManagerResponse, mappedBy: 'request' })
  responses = new Collection<ManagerResponse>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}

/** The receiving manager's answer to a manager request. */
@Entity({ tableName: 'manager_responses' })
export class ManagerResponse {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ManagerRequest, index: true, deleteRule: 'cascade' })
  request!: Rel<ManagerRequest>;

  @Property({ type: 'string', length: 100 })
  firstName!: string;

  @Property({ type: 'string', length: 100 })
  lastName!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 25, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 2, default: DEFAULT_PHONE_COUNTRY_CODE })
  phoneCountryCode: Opt<string> = DEFAULT_PHONE_COUNTRY_CODE;

  @Property({ type: 'string', length: 100, nullable: true })
  internalReference: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  escalationType: string | null = null;

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
