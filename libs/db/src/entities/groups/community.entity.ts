import { DecimalType, Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { GROUP_STATUSES, GROUP_TYPES, type GroupStatus, type GroupType } from '@casebridge/contracts';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Department } from '../accounts/department.entity';
import { ContactDocument } from '../documents/contact-document.entity';

export interface CommunityLink {
  label: string;
  url: string;
}

/** A partner group ("community"). Partner programs have a landing page on their vhost and an onboarding flow. */
@Entity({ tableName: 'communities' })
@Index({ properties: ['type', 'status'] })
export class Community {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100, index: true })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Enum({ items: [...GROUP_TYPES], default: 'solution_support' })
  type: Opt<GroupType> = 'solution_support';

  @Enum({ items: [...GROUP_STATUSES], default: 'active' })
  status: Opt<GroupStatus> = 'active';

  @ManyToOne({ entity: () => Company, index: true, nullable: true, deleteRule: 'set null' })
  sponsorCompany: Rel<Company> | null = null;

  @ManyToOne({ entity: () => Department, index: true, nullable: true, deleteRule: 'set null' })
  department: Rel<Department> | null = null;

  /** The sponsor's process document members of the group collaborate through. */
  @ManyToOne({ entity: () => ContactDocument, index: true, nullable: true, deleteRule: 'set null' })
  document: Rel<ContactDocument> | null = null;

  /** Host name of the group's landing page, e.g. 'storage-alliance'. */
  @Property({ type: 'string', length: 100, nullable: true, unique: true })
  vhost: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  hostEmail: string | null = null;

  /** One-year membership price in dollars. */
  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, default: 0 })
  price: Opt<number> = 0;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, default: 0 })
  priceThreeYears: Opt<number> = 0;

  @Property({ type: 'text', nullable: true })
  instructions: string | null = null;

  @Property({ type: 'json', nullable: true })
  links: CommunityLink[] | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  logoPath: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  bannerPath: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  codeOfConductPath: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  currentLicensePath: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  addendumPath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  addendumName: string | null = null;

  /** Applicants must accept the addendum too. */
  @Property({ type: 'boolean', default: false })
  forceAddendum: Opt<boolean> = false;

  @Property({ type: 'string', length: 500, nullable: true })
  registrationStatusUrl: string | null = null;

  /** When true the p1..p3 messages and response times below replace the defaults. */
  @Property({ type: 'boolean', default: false })
  customSla: Opt<boolean> = false;

  @Property({ type: 'text', nullable: true, fieldName: 'p1_message' })
  p1Message: string | null = null;

  @Property({ type: 'text', nullable: true, fieldName: 'p2_message' })
  p2Message: string | null = null;

  @Property({ type: 'text', nullable: true, fieldName: 'p3_message' })
  p3Message: string | null = null;

  /** Response times in hours (see DEFAULT_RESPONSE_TIME_HOURS when null). */
  @Property({ type: 'integer', nullable: true, fieldName: 'p1_response_time' })
  p1ResponseTime: number | null = null;

  @Property({ type: 'integer', nullable: true, fieldName: 'p2_response_time' })
  p2ResponseTime: number | null = null;

  @Property({ type: 'integer', nullable: true, fieldName: 'p3_response_time' })
  p3ResponseTime: number | null = null;

  @Property({ type: 'boolean', default: false })
  msteamsIntegration: Opt<boolean> = false;

  @Property({ type: 'string', length: 254, nullable: true })
  msteamsManagerEmail: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  msteamsTeamUrl: string | null = null;

  @Property({ type: 'string', length: 1000, nullable: true })
  msteamsWebhookUrl: string | null = null;

  /** Which Teams connection link is current: storing a connection moves it on, so each link connects once. */
  @Property({ type: 'integer', default: 0 })
  msteamsLinkVersion: Opt<number> = 0;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
