import {
  Collection,
  Entity,
  Enum,
  ManyToMany,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
} from '@mikro-orm/core';
import {
  COMPANY_STATUSES,
  type CompanyStatus,
  LOGIN_METHODS,
  type LoginMethod,
  MEMBERSHIP_TYPES,
  type MembershipType,
  SSO_IDENTITY_SOURCES,
  type SsoIdentitySource,
} from '@casebridge/contracts';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { Community } from '../groups/community.entity';
import { Department } from './department.entity';
import { User } from './user.entity';

/** A member company of the network; its slug is its landing-page sub-domain. */
@Entity({ tableName: 'companies' })
export class Company {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100, index: true })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  fullName: string | null = null;

  @Property({ type: 'string', length: 100, unique: true })
  slug!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  url: string | null = null;

  /** Main e-mail domain of the company's users (email_link addresses are built from it). */
  @Property({ type: 'string', length: 255, nullable: true, index: true })
  domain: string | null = null;

  /** Further accepted domains, comma separated as the admin form edits them. */
  @Property({ type: 'text', nullable: true })
  additionalDomains: string | null = null;

  @Enum({ items: [...COMPANY_STATUSES], default: 'active' })
  status: Opt<CompanyStatus> = 'active';

  @Enum({ items: [...MEMBERSHIP_TYPES], default: 'limited' })
  membershipType: Opt<MembershipType> = 'limited';

  @Property({ type: 'string', length: 255, nullable: true })
  membershipLevelText: string | null = null;

  @Enum({ items: [...LOGIN_METHODS], default: 'requires_registration' })
  loginMethod: Opt<LoginMethod> = 'requires_registration';

  /** HTML shown on the landing page (sanitised on save). */
  @Property({ type: 'text', nullable: true })
  loginPageText: string | null = null;

  @Property({ type: 'text', nullable: true })
  regionText: string | null = null;

  @Property({ type: 'text', nullable: true })
  publicWebText: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  logoPath: string | null = null;

  @Property({ type: 'boolean', default: false })
  showInPublicWeb: Opt<boolean> = false;

  /** Whether the Collaboration Feed (case notes) is available to this company. */
  @Property({ type: 'boolean', default: true })
  allowNotes: Opt<boolean> = true;

  @Property({ type: 'boolean', default: false })
  useGroupLogin: Opt<boolean> = false;

  /**
   * The sandbox partner (contracts/sandbox.ts): the worker answers the cases sent to it by itself, and those cases
   * are test cases (Case.isTest).
   */
  @Property({ type: 'boolean', default: false })
  isSandbox: Opt<boolean> = false;

  /** The company-wide note shown on the dashboard. */
  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** Outbound bcc. */
  @Property({ type: 'string', length: 254, nullable: true })
  communicationsEmail: string | null = null;

  /** Inbound bcc. */
  @Property({ type: 'string', length: 254, nullable: true })
  bccResponseEmail: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  ssoIdpFederationUrl: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  ssoIdpLogoutUrl: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  ssoIdpEntityUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  ssoLoginSection: string | null = null;

  @Property({ type: 'text', nullable: true })
  ssoRegistrationSection: string | null = null;

  @Enum({ items: [...SSO_IDENTITY_SOURCES], nullable: true })
  ssoIdentitySource: SsoIdentitySource | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  ssoIdentityFilePath: string | null = null;

  @Property({ type: 'text', nullable: true })
  ssoIdpCertificate: string | null = null;

  /** Registration settings: new registrations wait for a signup manager when true. */
  @Property({ type: 'boolean', default: false })
  requiresApproval: Opt<boolean> = false;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  signupManager: Rel<User> | null = null;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  altSignupManager: Rel<User> | null = null;

  /** Groups a newly registered user gets access to by default. */
  @ManyToMany({ entity: () => Community, pivotTable: 'company_registration_communities' })
  registrationCommunities = new Collection<Community>(this);

  @OneToMany({ entity: () => Department, mappedBy: 'company' })
  departments = new Collection<Department>(this);

  @OneToMany({ entity: () => User, mappedBy: 'company' })
  users = new Collection<User>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
