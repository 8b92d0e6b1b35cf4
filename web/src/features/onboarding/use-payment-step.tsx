import { useRef, useState, type ReactNode } from 'react';
import type { OnboardingNext } from '@casebridge/contracts';
import { PaymentModal } from './PaymentModal';
import { useOnboarding } from './onboarding-store';
import type { OnboardingFlow } from './use-onboarding-flow';

/**
 * The payment modal as one step of a page's submit: `pay()` opens it and resolves with the api's `next`
 * once the card was charged, or null when the applicant closed it.
 */
export function usePaymentStep({ vhost, group, session }: OnboardingFlow): {
  pay: () => Promise<OnboardingNext | null>;
  modal: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const settle = useRef<((next: OnboardingNext | null) => void) | null>(null);
  const setSession = useOnboarding((state) => state.setSession);

  const finish = (next: OnboardingNext | null) => {
    setOpen(false);
    settle.current?.(next);
    settle.current = null;
  };

  const pay = () =>
    new Promise<OnboardingNext | null>((resolve) => {
      settle.current = resolve;
      setOpen(true);
    });

  const modal = open ? (
    <PaymentModal
      vhost={vhost}
      group={group}
      session={session}
      onPaid={(next) => {
        // The server recorded the payment; a reload must not ask for it again.
        setSession({ ...session, paid: true });
        finish(next);
      }}
      onClose={() => finish(null)}
    />
  ) : null;
  return { pay, modal };
}
