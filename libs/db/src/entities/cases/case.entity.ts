import {
  Collection,
  Entity,
  Enum,
  Index,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
} from '@mikro-orm/core';
import {
  CASE_STATUSES,
  type CaseStatus,
  type CaseTurn,
  DEFAULT_PHONE_COUNTRY_CODE,
  PRIORITIES,
  type Priority,
} from '@casebridge/contracts';
import { createdAtColumn, timestampColumn, updatedAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Department } from '../accounts/department.entity';
import { User } from '../accounts/user.entity';
import { ContactDocument } from '../documents/contact-document.entity';
import { DocumentVersion } from '../documents/document-version.entity';
import { CaseAttachment } from './case-attachment.entity';
import { CaseCustomerData } from './case-customer-data.entity';
import { CaseEvent } from './case-event.entity';
import { CaseNote } from './case-note.entity';
import { CaseResponse } from './case-response.entity';

/**
 * A collaboration case from a submitting company to a receiving company (or department).
 * `token` is the case's public identifier in links; the list indexes follow the case tables' filters.
 */
@Entity({ tableName: 'cases' })
@Index({ properties: ['receiverCompany', 'status', 'createdAt'] })
@Index({ properties: ['submitterCompany', 'status', 'createdAt'] })
// The case lists read each side of a company page-first, in updated_at or created_at order (CaseListService); the
// predicate is the lists' own, so a bounded count stops early on the index alone.
@Index({
  name: 'cases_submitter_company_listed_updated_index',
  expression:
    'create index "cases_submitter_company_listed_updated_index" on "cases" ("submitter_company_id", "updated_at", "id") where "deleted_at" is null and "is_sample" = false;',
})
@Index({
  name: 'cases_receiver_company_listed_updated_index',
  expression:
    'create index "cases_receiver_company_listed_updated_index" on "cases" ("receiver_company_id", "updated_at", "id") where "deleted_at" is null and "is_sample" = false;',
})
@Index({
  name: 'cases_submitter_company_listed_created_index',
  expression:
    'create index "cases_submitter_company_listed_created_index" on "cases" ("submitter_company_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;',
})
@Index({
  name: 'cases_receiver_company_listed_created_index',
  expression:
    'create index "cases_receiver_company_listed_created_index" on "cases" ("receiver_company_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;',
})
// My Cases of a member who is not an admin reads the member's own side in created_at order.
@Index({
  name: 'cases_submitter_user_listed_created_index',
  expression:
    'create index "cases_submitter_user_listed_created_index" on "cases" ("submitter_user_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;',
})
@Index({ properties: ['submitterUser', 'updatedAt'] })
@Index({ properties: ['status', 'responseDueAt'] })
@Index({ properties: ['createdAt'] })
export class Case {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** Random url-safe string: the key of the case in every link. */
  @Property({ type: 'string', length: 64, unique: true })
  token!: string;

  /** The submitter's own ticket number. */
  @Property({ type: 'string', length: 100 })
  internalCaseNumber!: string;

  @ManyToOne({ entity: () => Company, deleteRule: 'cascade' })
  submitterCompany!: Rel<Company>;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  submitterUser: Rel<User> | null = null;

  @ManyToOne({ entity: () => Company, deleteRule: 'cascade' })
  receiverCompany!: Rel<Company>;

  /** Who owns the case on each side: one of that side's users, chosen by its members (CaseAssignmentService). */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  submitterAssignee: Rel<User> | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  receiverAssignee: Rel<User> | null = null;

  @ManyToOne({ entity: () => Department, index: true, nullable: true, deleteRule: 'set null' })
  receiverDepartment: Rel<Department> | null = null;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => DocumentVersion, index: true, deleteRule: 'cascade' })
  documentVersion!: Rel<DocumentVersion>;

  @Enum({ items: [...CASE_STATUSES], default: 'open' })
  status: Opt<CaseStatus> = 'open';

  @Enum({ items: [...PRIORITIES], default: 'low' })
  priority: Opt<Priority> = 'low';

  @Property({ type: 'string', length: 255 })
  summary!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'string', length: 100 })
  engineerFirstName!: string;

  @Property({ type: 'string', length: 100 })
  engineerLastName!: string;

  @Property({ type: 'string', length: 254 })
  engineerEmail!: string;

  @Property({ type: 'string', length: 25, nullable: true })
  engineerPhone: string | null = null;

  @Property({ type: 'string', length: 2, default: DEFAULT_PHONE_COUNTRY_CODE })
  engineerPhoneCountryCode: Opt<string> = DEFAULT_PHONE_COUNTRY_CODE;

  @Property({ type: 'string', length: 100, nullable: true })
  receiverCaseNumber: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  receiverEngineerName: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  receiverEngineerEmail: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  receiverEngineerPhone: string | null = null;

  /** Sequence number of the last CaseEvent; the next event gets eventSeq + 1. */
  @Property({ type: 'integer', default: 0 })
  eventSeq: Opt<number> = 0;

  /**
   * The entries of the log each side can see (internal notes count for their company only; super admins see no
   * notes): unread = entries - a reader's read_count. Kept by appendCaseEvents; never assigned here for the same
   * reason as eventSeq.
   */
  @Property({ type: 'integer', default: 0 })
  entriesSubmitter: Opt<number> = 0;

  @Property({ type: 'integer', default: 0 })
  entriesReceiver: Opt<number> = 0;

  @Property({ type: 'integer', default: 0 })
  entriesStaff: Opt<number> = 0;

  /** Whose move the case waits for (null: nobody's). Kept by appendCaseEvents; never assigned here, as eventSeq. */
  @Property({ type: 'text', nullable: true, default: 'receiver' })
  turn: Opt<CaseTurn | null> = 'receiver';

  @Property(timestampColumn({ nullable: true }))
  responseDueAt: Date | null = null;

  /** SLA clock paused while the case waits for the submitter (information requested). */
  @Property(timestampColumn({ nullable: true }))
  slaPausedAt: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  slaPausedSeconds: Opt<number> = 0;

  /** SLA clock stopped by the first final response. */
  @Property(timestampColumn({ nullable: true }))
  slaStoppedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  lateAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  lateNotifiedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  customerDataPurgedAt: Date | null = null;

  @Property({ type: 'boolean', default: false })
  isSample: Opt<boolean> = false;

  /**
   * Sent to the sandbox partner (Company.isSandbox): listed and answered like any case, but a trial, so left out of
   * reports, the escalation queue and the SLA's late marking. Not a sample (isSample: never listed at all).
   */
  @Property({ type: 'boolean', default: false })
  isTest: Opt<boolean> = false;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();

  @Property(timestampColumn({ nullable: true }))
  acceptedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  closedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  deletedAt: Date | null = null;

  @OneToMany({ entity: () => CaseCustomerData, mappedBy: 'case' })
  customerData = new Collection<CaseCustomerData>(this);

  @OneToMany({ entity: () => CaseResponse, mappedBy: 'case', orderBy: { createdAt: 'asc', id: 'asc' } })
  responses = new Collection<CaseResponse>(this);

  @OneToMany({ entity: () => CaseNote, mappedBy: 'case', orderBy: { createdAt: 'asc', id: 'asc' } })
  notes = new Collection<CaseNote>(this);

  @OneToMany({ entity: () => CaseAttachment, mappedBy: 'case' })
  attachments = new Collection<CaseAttachment>(this);

  @OneToMany({ entity: () => CaseEvent, mappedBy: 'case', orderBy: { seq: 'asc' } })
  events = new Collection<CaseEvent>(this);
}
