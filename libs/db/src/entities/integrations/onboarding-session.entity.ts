import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import {
  CONTRACT_LENGTHS,
  type ContractLength,
  MEMBERSHIP_TYPES,
  type MembershipType,
  ONBOARDING_PAYMENT_STATUSES,
  ONBOARDING_STATUSES,
  ONBOARDING_STEPS,
  type OnboardingPaymentStatus,
  type OnboardingStatus,
  type OnboardingStep,
} from '@casebridge/contracts';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Community } from '../groups/community.entity';

/** A company's application to join a partner group, resumable by its token. */
@Entity({ tableName: 'onboarding_sessions' })
@Index({ properties: ['community', 'status'] })
export class OnboardingSession {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 64, unique: true })
  token!: string;

  /** sha256 of the mailed restore link's token while that link is unused: the link opens the session once. */
  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  restoreTokenHash: string | null = null;

  @ManyToOne({ entity: () => Community, deleteRule: 'cascade' })
  community!: Rel<Community>;

  /** Existing member company, or null while a new company applies. */
  @ManyToOne({ entity: () => Company, index: true, nullable: true, deleteRule: 'set null' })
  company: Rel<Company> | null = null;

  @Property({ type: 'string', length: 254, index: true })
  email!: string;

  @Enum({ items: [...ONBOARDING_STEPS], default: 'contact' })
  step: Opt<OnboardingStep> = 'contact';

  @Enum({ items: [...ONBOARDING_STATUSES], default: 'in_progress' })
  status: Opt<OnboardingStatus> = 'in_progress';

  @Property({ type: 'boolean', default: false })
  saveForLater: Opt<boolean> = false;

  @Enum({ items: [...MEMBERSHIP_TYPES], nullable: true })
  membershipType: MembershipType | null = null;

  /** The form state: company, user, agreements, payment and document parts. */
  @Property({ type: 'json' })
  data: Opt<Record<string, unknown>> = {};

  @Property({ type: 'string', length: 100, nullable: true })
  sfOpportunity: string | null = null;

  @Enum({ items: [...ONBOARDING_PAYMENT_STATUSES], nullable: true })
  paymentStatus: OnboardingPaymentStatus | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}

/** A payment (card charge or invoice) made during onboarding. */
@Entity({ tableName: 'onboarding_payments' })
export class OnboardingPayment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => OnboardingSession, index: true, deleteRule: 'cascade' })
  session!: Rel<OnboardingSession>;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Enum({ items: [...CONTRACT_LENGTHS] })
  contractLength!: ContractLength;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeChargeId: string | null = null;

  @Enum({ items: [...ONBOARDING_PAYMENT_STATUSES], default: 'pending' })
  status: Opt<OnboardingPaymentStatus> = 'pending';

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
