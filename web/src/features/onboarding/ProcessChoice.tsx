import {
  MESSAGES,
  ONBOARDING_MESSAGES,
  type OnboardingSessionView,
  type OnboardingUserAccess,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiQuery } from '../../lib/queries';
import { SelectField } from '../../ui/fields';
import type { ErrorsFor, RegisterFor } from '../../ui/form-parts';

export type ChoiceField = 'document_id' | 'user_access';
export interface ChoiceValues {
  document_id: string;
  user_access: OnboardingUserAccess;
}
export const CHOICE_FIELDS = ['document_id', 'user_access'] as const;

/** Open is the default user access. */
export function choiceDefaults(draft?: Record<string, unknown>): ChoiceValues {
  return {
    document_id: String(draft?.document_id ?? ''),
    user_access: draft?.user_access === 'restricted' ? 'restricted' : 'open',
  };
}

const ACCESS_LABELS: Record<OnboardingUserAccess, string> = {
  open: 'Open: every user of your company can work with this group',
  restricted: 'Restricted: only the users you give access to',
};

interface ProcessChoiceProps {
  vhost: string;
  session: OnboardingSessionView;
  register: RegisterFor<ChoiceField>;
  errors: ErrorsFor<ChoiceField>;
}

/**
 * Which of the company's process documents partners of the group use (or "Create a new one for me", id 0),
 * and who in the company sees the group; shared by the basic-premium and choose-process pages.
 */
export function ProcessChoice({ vhost, session, register, errors }: ProcessChoiceProps) {
  const companyId = session.company?.id;
  // Without the list (none yet, or a failed read) the applicant can still ask for a new process.
  const list = useApiQuery(API.onboarding.documents, {
    params: { vhost, companyId: companyId ?? 0 },
    query: { session_token: session.token },
    enabled: Boolean(companyId),
  });
  const documents = (companyId && list.data) || [];

  const options = [
    ...documents.map((document) => ({ value: String(document.id), label: document.name })),
    { value: '0', label: ONBOARDING_MESSAGES.createNewDocument },
  ];
  return (
    <section className="card" aria-labelledby="process-choice-title">
      <h2 id="process-choice-title">Collaboration Process</h2>
      <p>Choose the support process partners in this group will use to reach you.</p>
      <SelectField
        label="Process"
        placeholder={MESSAGES.chooseOne}
        options={options}
        error={errors.document_id}
        {...register('document_id')}
      />
      <fieldset className="choice-group">
        <legend>User Access</legend>
        {(['open', 'restricted'] as const).map((access) => (
          <label key={access} className="choice">
            <input type="radio" value={access} {...register('user_access')} />
            {ACCESS_LABELS[access]}
          </label>
        ))}
      </fieldset>
      {errors.user_access?.message && (
        <div className="field-error" role="alert">
          {errors.user_access.message}
        </div>
      )}
    </section>
  );
}
