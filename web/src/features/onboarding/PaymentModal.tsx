import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  CONTRACT_LENGTH_LABELS,
  CONTRACT_LENGTHS,
  MESSAGES,
  type ContractLength,
  type OnboardingGroup,
  type OnboardingNext,
  type OnboardingSessionView,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-error';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields';
import { CancelButton } from '../../ui/SubmitActions';
import { contractPrice, formatPrice } from './PaymentPanel';
import { loadStripe, type StripeCardElement, type StripeClient } from './stripe-js';

interface PaymentModalProps {
  vhost: string;
  group: OnboardingGroup;
  session: OnboardingSessionView;
  onPaid: (next: OnboardingNext) => void;
  onClose: () => void;
}

interface CardState {
  stripe: StripeClient;
  card: StripeCardElement;
}

/** Mounts Stripe's card element into `host`; reports whether the card is complete and its current error. */
function useCardElement(group: OnboardingGroup) {
  const host = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<CardState | null>(null);
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const key = group.stripe_publishable_key;

  useEffect(() => {
    if (!key) return;
    let mounted: StripeCardElement | null = null;
    let alive = true;
    loadStripe(group.stripe_js_url).then(
      (Stripe) => {
        if (!alive || !host.current) return;
        const stripe = Stripe(key);
        mounted = stripe.elements().create('card');
        mounted.mount(host.current);
        mounted.on('change', (change) => {
          setComplete(change.complete);
          setCardError(change.error?.message ?? null);
        });
        setCard({ stripe, card: mounted });
      },
      (error: unknown) => alive && setCardError(errorMessage(error)),
    );
    return () => {
      alive = false;
      mounted?.destroy();
    };
  }, [key, group.stripe_js_url]);

  return { host, card, complete, cardError, hasKey: Boolean(key) };
}

/** The card payment of a priced group: contract length (one year by default), name on card, Stripe's card element. */
export function PaymentModal({ vhost, group, session, onPaid, onClose }: PaymentModalProps) {
  const nameId = useId();
  const { host, card, complete, cardError, hasKey } = useCardElement(group);
  const [contractLength, setContractLength] = useState<ContractLength>(
    session.data.payment?.contract_length ?? 'one_year',
  );
  const [nameOnCard, setNameOnCard] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);
  // Two steps, one action: Stripe turns the card into a token, then the api charges it. A plain mutation (not one
  // endpoint's) that reports its own failures in the modal: 422 under the name; a card Stripe refused, a declined
  // card (402) or a Stripe outage (503) as the modal's warning.
  const payment = useMutation({
    mutationFn: async (card: CardState) => {
      const { token, error } = await card.stripe.createToken(card.card, { name: nameOnCard });
      if (!token) throw new Error(error?.message ?? MESSAGES.submissionError);
      return call(API.onboarding.payment, {
        params: { vhost },
        body: {
          session_token: session.token,
          name_on_card: nameOnCard,
          card_token: token.id,
          contract_length: contractLength,
        },
      });
    },
    meta: { handlesErrors: true },
    onSuccess: (answer) => (answer.success ? onPaid(answer.next) : setWarning(answer.message)),
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setFieldErrors(fields);
      if (!fields.name_on_card) setWarning(errorMessage(error));
    },
  });
  const busy = payment.isPending;

  const submit = () => {
    if (!card) return;
    setWarning(null);
    setFieldErrors({});
    payment.mutate(card);
  };

  const footer = (
    <div className="form-actions">
      <button type="button" className="button" disabled={!card || !complete || busy} onClick={submit}>
        Submit
      </button>
      <CancelButton onClick={onClose} />
    </div>
  );

  return (
    <Modal title="Payment" onClose={busy ? undefined : onClose} footer={footer}>
      {warning && (
        <div className="alert alert-warning" role="alert">
          {warning}
        </div>
      )}
      <fieldset className="choice-group">
        <legend>Contract Length</legend>
        {CONTRACT_LENGTHS.map((length) => (
          <label key={length} className="choice">
            <input
              type="radio"
              name="contract_length"
              value={length}
              checked={contractLength === length}
              onChange={() => setContractLength(length)}
            />
            {CONTRACT_LENGTH_LABELS[length]}: {formatPrice(contractPrice(group, length))}
          </label>
        ))}
      </fieldset>
      <TextField
        id={nameId}
        label="Name on Card"
        autoComplete="cc-name"
        value={nameOnCard}
        onChange={(event) => setNameOnCard(event.target.value)}
        error={fieldErrors.name_on_card}
      />
      <div className={cardError || fieldErrors.card_token ? 'field field-invalid' : 'field'}>
        <span className="field-label" id={`${nameId}-card`}>
          Card
        </span>
        {hasKey ? (
          <div ref={host} className="card-element" role="group" aria-labelledby={`${nameId}-card`} />
        ) : (
          <div className="card-element" role="status">
            {MESSAGES.noStripeKey}
          </div>
        )}
        {(cardError || fieldErrors.card_token) && (
          <div className="field-error" role="alert">
            {cardError ?? fieldErrors.card_token}
          </div>
        )}
      </div>
    </Modal>
  );
}
