import { Fragment } from 'react';
import {
  CONTRACT_LENGTH_LABELS,
  ONBOARDING_MESSAGES,
  type ContractLength,
  type OnboardingGroup,
  type OnboardingSessionView,
} from '@casebridge/contracts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A group price in dollars, e.g. $3,240.00. */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}

export function contractPrice(group: OnboardingGroup, length: ContractLength): number {
  return length === 'three_years' ? group.price_three_years : group.price;
}

/**
 * The payment panel under the agreements: the prices of a priced group, or who pays for a free
 * one; limited members never pay and are told what the sponsor saves them.
 */
export function PaymentPanel({ group, session }: { group: OnboardingGroup; session: OnboardingSessionView }) {
  const limited = session.membership_type === 'limited';
  return (
    <section className="card" aria-labelledby="payment-panel-title">
      <h2 id="payment-panel-title">Payment</h2>
      {session.paid ? (
        <p>{ONBOARDING_MESSAGES.paymentSucceeded}</p>
      ) : limited ? (
        <p>{ONBOARDING_MESSAGES.limitedSponsorPays}</p>
      ) : group.free || !session.payment_required ? (
        <p>{ONBOARDING_MESSAGES.sponsorPays}</p>
      ) : (
        <>
          <p>Membership is paid by credit card after you accept the agreements.</p>
          <dl className="detail-list">
            {(['one_year', 'three_years'] as const).map((length) => (
              <Fragment key={length}>
                <dt>{CONTRACT_LENGTH_LABELS[length]}</dt>
                <dd>{formatPrice(contractPrice(group, length))}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
