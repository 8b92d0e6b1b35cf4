import {
  endpointUrl,
  ONBOARDING_MESSAGES,
  type OnboardingAgreement,
  type OnboardingSessionView,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { NameFields } from '../../ui/ContactFields';
import { CheckboxField } from '../../ui/fields';
import type { ErrorsFor, RegisterFor } from '../../ui/form-parts';

export type AgreementField = OnboardingAgreement | 'first_name' | 'last_name';
export type AgreementValues = Record<OnboardingAgreement, boolean> & { first_name: string; last_name: string };

export const AGREEMENT_FIELDS = ['code_of_conduct', 'database_license', 'addendum', 'first_name', 'last_name'] as const;
/** The api reports an unticked agreement as `agreements.<kind>`. */
export const AGREEMENT_FIELD_MAP = {
  agreements_code_of_conduct: 'code_of_conduct',
  agreements_database_license: 'database_license',
  agreements_addendum: 'addendum',
} as const;

const AGREEMENT_LABELS: Record<OnboardingAgreement, string> = {
  code_of_conduct: 'Code of Conduct',
  database_license: 'Database License',
  addendum: 'Partner Addendum',
};

const KINDS = ['code_of_conduct', 'database_license', 'addendum'] as const satisfies readonly OnboardingAgreement[];

export function requiredAgreements(session: OnboardingSessionView): OnboardingAgreement[] {
  return KINDS.filter((kind) => session.agreements_required[kind]);
}

/** Every agreement the session requires is ticked; the server checks again. */
export function allRequiredTicked(session: OnboardingSessionView, values: AgreementValues): boolean {
  return requiredAgreements(session).every((kind) => values[kind]);
}

export function agreementDefaults(session: OnboardingSessionView, draft?: Record<string, unknown>): AgreementValues {
  const saved = session.data.agreements ?? {};
  const user = session.data.user ?? {};
  const pick = (kind: OnboardingAgreement) => Boolean(draft?.[kind] ?? saved[kind] ?? false);
  return {
    code_of_conduct: pick('code_of_conduct'),
    database_license: pick('database_license'),
    addendum: pick('addendum'),
    first_name: String(draft?.first_name ?? user.first_name ?? ''),
    last_name: String(draft?.last_name ?? user.last_name ?? ''),
  };
}

/** The body part the agreements and register/existing calls share; agreements not required are accepted. */
export function agreementsBody(session: OnboardingSessionView, values: AgreementValues) {
  const accepted = (kind: OnboardingAgreement) => !session.agreements_required[kind] || values[kind];
  return {
    agreements: {
      code_of_conduct: accepted('code_of_conduct'),
      database_license: accepted('database_license'),
      addendum: accepted('addendum'),
    },
    first_name: session.names_known ? null : values.first_name,
    last_name: session.names_known ? null : values.last_name,
  };
}

interface AgreementChecksProps {
  vhost: string;
  session: OnboardingSessionView;
  register: RegisterFor<AgreementField>;
  errors: ErrorsFor<AgreementField>;
}

/** The agreements step, shared by the agreements and basic-premium pages. */
export function AgreementChecks({ vhost, session, register, errors }: AgreementChecksProps) {
  const required = requiredAgreements(session);
  const basicOrStandard = session.membership_type === 'basic' || session.membership_type === 'standard';
  return (
    <section className="card" aria-labelledby="agreements-title">
      <h2 id="agreements-title">Agreements</h2>
      {basicOrStandard && (
        <div className="notice notice-warning" role="note">
          {ONBOARDING_MESSAGES.basicNoTwentyFourSeven}
        </div>
      )}
      {!session.names_known && (
        <>
          <p>Tell us who is applying.</p>
          <NameFields register={register} errors={errors} />
        </>
      )}
      {required.length === 0 ? (
        <p className="lead">{ONBOARDING_MESSAGES.noActionRequired}</p>
      ) : (
        <>
          <p>Please review each agreement and accept it to continue.</p>
          {required.map((kind) => (
            <div key={kind} className="agreement-item">
              <a href={endpointUrl(API.onboarding.agreementFile, { vhost, kind })} target="_blank" rel="noreferrer">
                Download the {AGREEMENT_LABELS[kind]}
              </a>
              <CheckboxField
                label={`I have read and accept the ${AGREEMENT_LABELS[kind]}.`}
                error={errors[kind]}
                {...register(kind)}
              />
            </div>
          ))}
        </>
      )}
    </section>
  );
}
