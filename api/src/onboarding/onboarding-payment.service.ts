import {
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  CONTRACT_LENGTH_LABELS,
  MESSAGES,
  ONBOARDING_MESSAGES,
  type ContractLength,
  type PaymentBody,
} from '@casebridge/contracts';
import { OnboardingPayment, OnboardingSession, type Community } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { assertContactDone } from './onboarding-agreements.service';
import { applicantKind, nextAfterPayment, paymentRequired } from './onboarding-rules';
import { OnboardingSessionsService } from './onboarding-sessions.service';

const PAYMENT_UNAVAILABLE = 'The payment could not be processed right now. Please try again later.';
export const ALREADY_PAID = 'This application has already been paid.';

interface ChargeRequest {
  session: OnboardingSession;
  contractLength: ContractLength;
  amount: number;
  cardToken: string;
  /** Refused attempts before this one. */
  failures: number;
}

/** Where the Stripe SDK sends its requests: Stripe itself, or STRIPE_API_BASE (the local stand-in in tests). */
export function stripeConnection(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function amountCents(group: Community, contractLength: ContractLength): number {
  const dollars = contractLength === 'three_years' ? group.priceThreeYears : group.price;
  return Math.round(Number(dollars) * 100);
}

/** The card payment of the onboarding (priced groups, members not limited), charged once per session through Stripe. */
@Injectable()
export class OnboardingPaymentService {
  private readonly logger = new Logger(OnboardingPaymentService.name);
  private stripeClient: Stripe | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: OnboardingSessionsService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async pay(vhost: string, body: PaymentBody) {
    const found = await this.sessions.openForStep(vhost, body.session_token);
    assertContactDone(found);
    if (!paymentRequired(found.community, found)) throw new ConflictException(ONBOARDING_MESSAGES.paymentNotRequired);
    const amount = amountCents(found.community, body.contract_length);
    if (amount <= 0) {
      throw ValidationException.forField('contract_length', 'This contract length is not offered by the group.');
    }
    if (await this.sessions.isPaid(found)) throw new ConflictException(ALREADY_PAID);
    const stripe = this.stripe();

    // The session row stays locked while Stripe answers, so a double submit waits and then finds it paid.
    const charged = await this.em.transactional(async (tx) => {
      const session = await tx.findOneOrFail(OnboardingSession, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if ((await tx.count(OnboardingPayment, { session, status: 'paid' })) > 0) {
        throw new ConflictException(ALREADY_PAID);
      }
      const failures = await tx.count(OnboardingPayment, { session, status: 'failed' });
      const payment = tx.create(OnboardingPayment, {
        session,
        amountCents: amount,
        contractLength: body.contract_length,
      });
      const outcome = await this.charge(stripe, {
        session: found,
        contractLength: body.contract_length,
        amount,
        cardToken: body.card_token,
        failures,
      });
      if ('error' in outcome) {
        payment.status = 'failed';
        return outcome;
      }
      payment.status = 'paid';
      payment.stripeChargeId = outcome.chargeId;
      session.paymentStatus = 'paid';
      session.data = {
        ...session.data,
        payment: { contract_length: body.contract_length, payment_type: 'credit_card' },
      };
      return outcome;
    });
    if ('error' in charged) throw charged.error;
    return {
      success: true,
      message: ONBOARDING_MESSAGES.paymentSucceeded,
      next: nextAfterPayment(applicantKind(found)),
    };
  }

  /** One charge; a refused card (or token) is answered 402 with Stripe's message, an outage 502. */
  private async charge(
    stripe: Stripe,
    { session, contractLength, amount, cardToken, failures }: ChargeRequest,
  ): Promise<{ chargeId: string } | { error: HttpException }> {
    // Same key for a repeated request; a new one after a refused card, which Stripe would otherwise answer again.
    const base = `onboarding-${session.id}-${contractLength}`;
    const idempotencyKey = failures > 0 ? `${base}-retry-${failures}` : base;
    try {
      const charge = await stripe.charges.create(
        {
          amount,
          currency: 'usd',
          source: cardToken,
          description: `${session.community.name} membership (${CONTRACT_LENGTH_LABELS[contractLength]})`,
          metadata: { onboarding_session: session.token },
        },
        { idempotencyKey },
      );
      return { chargeId: charge.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { error: new HttpException(error.message, HttpStatus.PAYMENT_REQUIRED) };
      }
      this.logger.error(`Stripe charge of session ${session.id} failed: ${String(error)}`);
      return { error: new HttpException(PAYMENT_UNAVAILABLE, HttpStatus.BAD_GATEWAY) };
    }
  }

  private stripe(): Stripe {
    if (!this.config.STRIPE_SECRET_KEY) throw new ServiceUnavailableException(MESSAGES.noStripeKey);
    this.stripeClient ??= new Stripe(this.config.STRIPE_SECRET_KEY, {
      ...stripeConnection(this.config.STRIPE_API_BASE),
      maxNetworkRetries: 0,
      telemetry: false,
    });
    return this.stripeClient;
  }
}
