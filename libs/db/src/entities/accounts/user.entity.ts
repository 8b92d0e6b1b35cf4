import {
  BeforeCreate,
  BeforeUpdate,
  Entity,
  Enum,
  Index,
  ManyToOne,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
} from '@mikro-orm/core';
import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  DEFAULT_PHONE_COUNTRY_CODE,
  REGISTRATION_TYPES,
  type RegistrationType,
  ROLES,
  type Role,
  USER_STATUSES,
  USER_TYPES,
  type UserStatus,
  type UserType,
} from '@casebridge/contracts';
import { createdAtColumn, timestampColumn, updatedAtColumn } from '../columns';
import { Company } from './company.entity';
import { Country } from './country.entity';

/**
 * The people a form may offer or accept (escalation contacts, signup managers, group access, managers shown):
 * active, and approved (a registration still awaiting approval is nobody's contact yet).
 */
export const PICKABLE_USER = { status: 'active', approvalStatus: 'approved' } as const;

/** E-mail addresses are compared and stored lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Entity({ tableName: 'users' })
@Index({ properties: ['company', 'status', 'lastName'] })
@Index({ properties: ['company', 'approvalStatus'] })
export class User {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100 })
  firstName!: string;

  @Property({ type: 'string', length: 100 })
  lastName!: string;

  /** Stored lower-case (see normalizeEmail); look users up with the normalised address. */
  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 25, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 2, default: DEFAULT_PHONE_COUNTRY_CODE })
  phoneCountryCode: Opt<string> = DEFAULT_PHONE_COUNTRY_CODE;

  @ManyToOne({ entity: () => Country, index: true, nullable: true, deleteRule: 'set null' })
  country: Rel<Country> | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  city: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  focusGroup: string | null = null;

  @Enum({ items: [...ROLES], default: 'caller' })
  role: Opt<Role> = 'caller';

  @Enum({ items: [...USER_TYPES], default: 'basic' })
  type: Opt<UserType> = 'basic';

  @Enum({ items: [...USER_STATUSES], default: 'active' })
  status: Opt<UserStatus> = 'active';

  @Enum({ items: [...APPROVAL_STATUSES], default: 'approved' })
  approvalStatus: Opt<ApprovalStatus> = 'approved';

  @Property(timestampColumn({ nullable: true }))
  emailVerifiedAt: Date | null = null;

  /** Null only for super admins. */
  @ManyToOne({ entity: () => Company, nullable: true, deleteRule: 'cascade' })
  company: Rel<Company> | null = null;

  /** argon2id hash (see @casebridge/server-core security/passwords); null for accounts that never set a password. */
  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  passwordHash: string | null = null;

  @Property(timestampColumn({ nullable: true }))
  agreementDate: Date | null = null;

  @Property({ type: 'boolean', default: false })
  forceUpdateProfile: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  forceUpdateAgreement: Opt<boolean> = false;

  /** Shown as a key contact on the company landing page. */
  @Property({ type: 'boolean', default: false })
  isKeyContact: Opt<boolean> = false;

  @Enum({ items: [...REGISTRATION_TYPES], default: 'admin' })
  registrationType: Opt<RegistrationType> = 'admin';

  @Property(timestampColumn({ nullable: true }))
  lastLoginAt: Date | null = null;

  /** IANA time zone name chosen on the profile page (null = UTC): the daily digest goes out in its morning. */
  @Property({ type: 'string', length: 64, nullable: true })
  timeZone: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();

  @BeforeCreate()
  @BeforeUpdate()
  protected normalizeStoredEmail(): void {
    this.email = normalizeEmail(this.email);
  }

  get fullName(): Opt<string> {
    return `${this.firstName} ${this.lastName}`.trim();
  }
}
