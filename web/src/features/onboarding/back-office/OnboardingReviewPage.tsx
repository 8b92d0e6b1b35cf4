import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { routePath, type ReviewGroup, type ReviewSession } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { reportFormError } from '../../../lib/use-server-form';
import { TextField } from '../../../ui/fields';
import { useConfirm } from '../../../ui/modal-store';
import { onboardingChanged } from '../../back-office/back-office-changes';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { statusText } from './OnboardingQueue';
import { AgreementsSummary, CompanyFields, DocumentFields, UserFields, type ReviewValues } from './ReviewFields';

/** Server keys that have an input on this page (the api answers them dotted, as react-hook-form names them). */
const FIELDS = [
  'sf_opportunity',
  ...['name', 'address', 'city', 'state', 'zipcode', 'country_id', 'url'].map((key) => `company.${key}`),
  ...['first_name', 'last_name', 'email', 'phone', 'phone_country_code'].map((key) => `user.${key}`),
  ...[
    'support_hours',
    'product_supported',
    'support_email',
    'support_phone',
    'support_country_code',
    'manager_first_name',
    'manager_last_name',
    'manager_email',
  ].map((key) => `document.${key}`),
];

const DASHBOARD = routePath('super_admin.dashboard');

function valuesOf(session: ReviewSession): ReviewValues {
  const { company, user, document, agreements } = session.data;
  return {
    sf_opportunity: session.sf_opportunity ?? '',
    company: { ...company } as ReviewValues['company'],
    user: { ...user } as ReviewValues['user'],
    document: document ? ({ ...document } as ReviewValues['document']) : null,
    agreements: agreements ?? null,
  };
}

/**
 * super_admin.onboarding.session: a session's data (company, user, document, agreements) and its
 * group. Save keeps it, Approve admits the member, Reject ends it; each shows the server's message and returns to
 * the dashboard. Validation is the server's; its messages appear under the fields.
 */
export function OnboardingReviewPage() {
  const { session_id = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const loaded = useApiQuery(API.superAdminOnboarding.session, { params: { session_id } });
  const countries = useApiQuery(API.superAdminOnboarding.countries);
  const form = useForm<ReviewValues>();
  const { register, reset, handleSubmit, setError, formState } = form;

  useEffect(() => {
    if (loaded.data) reset(valuesOf(loaded.data.session));
  }, [loaded.data, reset]);
  useEffect(() => {
    if (!loaded.isError) return;
    alerts.flash(queryErrorText(loaded.error), 'warning');
    void navigate(DASHBOARD);
  }, [loaded.isError, loaded.error, navigate]);

  // Each decision shows the server's message and returns to the dashboard; its 422 messages go under the fields.
  const decision = (approving: boolean) => ({
    loader: true,
    handlesErrors: true as const,
    onError: (error: Error) => reportFormError(error, setError, FIELDS),
    onSuccess: ({ success, message }: { success: boolean; message: string }) => {
      alerts.flash(message, success ? 'success' : 'warning');
      void onboardingChanged(approving && success);
      void navigate(DASHBOARD);
    },
  });
  const save = useApiMutation(API.superAdminOnboarding.save, decision(false));
  const approve = useApiMutation(API.superAdminOnboarding.approve, decision(true));
  const reject = useApiMutation(API.superAdminOnboarding.reject, decision(false));
  const deciding = save.isPending || approve.isPending || reject.isPending;
  const params = { id: session_id };

  const onReject = async () => {
    if (!(await confirm('Are you sure you want to reject this onboarding request?'))) return;
    // Through the form like the other decisions, so the messages of an earlier attempt leave the fields.
    await handleSubmit(() => reject.mutate({ params }))();
  };

  if (!loaded.data) {
    return (
      <PageFrame title="Onboarding Session">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  const { session, group } = loaded.data;
  const list = countries.data ? countries.data.countries : loaded.data.countries;
  const locked = !session.reviewable || deciding;
  const sectionProps = { register, errors: formState.errors, disabled: locked };

  return (
    <PageFrame title="Onboarding Session">
      <Breadcrumbs trail={[{ label: 'Dashboard', to: DASHBOARD }]} current={sessionTitle(session)} />
      <SessionSummary session={session} group={group} />
      <form onSubmit={handleSubmit((values) => save.mutate({ params, body: values }))} noValidate>
        <fieldset className="card" disabled={locked}>
          <legend>Opportunity</legend>
          <TextField
            label="Opportunity Reference"
            error={formState.errors.sf_opportunity}
            {...register('sf_opportunity')}
          />
        </fieldset>
        <CompanyFields {...sectionProps} countries={list} />
        <UserFields {...sectionProps} countries={list} />
        {session.applicant === 'new' && <DocumentFields {...sectionProps} />}
        <AgreementsSummary agreements={session.data.agreements ?? {}} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={locked}>
            Save
          </button>
          <button
            type="button"
            className="button button-success"
            disabled={locked}
            onClick={() => void handleSubmit((values) => approve.mutate({ params, body: values }))()}
          >
            Approve
          </button>
          <button type="button" className="button button-danger" disabled={locked} onClick={() => void onReject()}>
            Reject
          </button>
          <button type="button" className="button button-secondary" onClick={() => navigate(DASHBOARD)}>
            Back to Dashboard
          </button>
        </div>
      </form>
    </PageFrame>
  );
}

function sessionTitle(session: ReviewSession): string {
  return session.company?.name ?? session.data.company?.name ?? session.email;
}

const APPLICANT_LABELS: Record<ReviewSession['applicant'], string> = {
  new: 'New company',
  limited: 'Existing limited member',
  existing: 'Existing member',
};

/** The group applied to and what the flow recorded beside the form. */
function SessionSummary({ session, group }: { session: ReviewSession; group: ReviewGroup }) {
  const price = group.free ? 'Free (the sponsor pays)' : `$${group.price} / $${group.price_three_years} (3 years)`;
  return (
    <section className="card" aria-labelledby="review-group-title">
      <h2 id="review-group-title">{group.name}</h2>
      <dl className="details-list">
        <dt>Status</dt>
        <dd>{statusText(session.status)}</dd>
        <dt>Applicant</dt>
        <dd>
          {APPLICANT_LABELS[session.applicant]}
          {session.company && ` (${session.company.name}, ${session.membership_type ?? ''})`} · {session.email}
        </dd>
        <dt>Group</dt>
        <dd>
          {group.type.replace(/_/g, ' ')}
          {group.sponsor_name && `, sponsored by ${group.sponsor_name}`} · {price} · paid: {session.paid ? 'yes' : 'no'}
        </dd>
        {session.document_choice && (
          <>
            <dt>Process</dt>
            <dd>
              {session.document_choice.document_id === 0
                ? 'Create a new one'
                : (session.document_choice.document_name ?? `#${session.document_choice.document_id}`)}{' '}
              · user access {session.document_choice.user_access}
            </dd>
          </>
        )}
      </dl>
      {!session.reviewable && (
        <p className="notice notice-warning" role="status">
          This session is {statusText(session.status)}: it can no longer be changed.
        </p>
      )}
    </section>
  );
}
