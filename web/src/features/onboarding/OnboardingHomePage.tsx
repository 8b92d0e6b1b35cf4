import { useParams, useNavigate, useSearchParams } from 'react-router-dom';
import { type Country, type OnboardingGroup } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { alerts } from '../../app/alerts-store';
import { useApiMutation } from '../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../lib/queries';
import { RichText } from '../../ui/RichText';
import { TextField } from '../../ui/fields';
import { SubmitActions } from '../../ui/SubmitActions';
import { OnboardingFrame } from './OnboardingFrame';
import { useOnboarding } from './onboarding-store';
import { redirectPath } from './steps';
import { useOnboardingForm } from './use-onboarding-form';

/** /join/{vhost}: the partner group's home, where an applicant starts with a work e-mail. */
export function OnboardingHomePage() {
  const { vhost = '' } = useParams();
  const loaded = useApiQuery(API.onboarding.group, { params: { vhost } });

  if (loaded.isPending)
    return (
      <OnboardingFrame title="Join the Partner Group" group={null}>
        {null}
      </OnboardingFrame>
    );
  // A failed refresh keeps the page it had.
  if (!loaded.data) {
    return (
      <OnboardingFrame title="Join the Partner Group" group={null}>
        <div className="card narrow" role="alert">
          <p>{queryErrorText(loaded.error)}</p>
        </div>
      </OnboardingFrame>
    );
  }
  const { group, countries } = loaded.data;
  return (
    <OnboardingFrame title={`Join ${group.name}`} group={group}>
      <div className="two-columns">
        <section className="card" aria-labelledby="group-instructions-title">
          <h2 id="group-instructions-title">Instructions</h2>
          <RichText html={group.instructions} />
          {group.links.length > 0 && (
            <>
              <h3>Helpful Links</h3>
              <ul className="plain-list">
                {group.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noreferrer">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <StartForm vhost={vhost} group={group} countries={countries} />
      </div>
    </OnboardingFrame>
  );
}

function StartForm({ vhost, group, countries }: { vhost: string; group: OnboardingGroup; countries: Country[] }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const start = useOnboarding((state) => state.start);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<{ email: string }>({
    defaultValues: { email: search.get('email') ?? '' },
    fields: ['email'],
  });

  const verifyEmail = useApiMutation(API.onboarding.verifyEmail, { loader: true, handlesErrors: true });
  const onSubmit = submitWith(async ({ email }) => {
    const answer = await verifyEmail.mutateAsync({ params: { vhost }, body: { partner_group_id: group.id, email } });
    if (!answer.valid || !answer.session) {
      // e.g. the company is already a member: the applicant stays here and reads why.
      alerts.show(answer.message, 'warning');
      return;
    }
    start({ vhost, group, countries, session: answer.session, email });
    await navigate(redirectPath(answer.redirect));
  });

  return (
    <section className="card" aria-labelledby="group-start-title">
      <h2 id="group-start-title">Get Started</h2>
      <p>Enter your work e-mail address to start or continue your application.</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <SubmitActions label="Next" busy={isSubmitting} />
      </form>
      {group.host_email && (
        <p className="muted small">
          Applying only to test the program?{' '}
          <a href={`mailto:${group.host_email}?subject=${encodeURIComponent(`Test application: ${group.name}`)}`}>
            Contact us
          </a>{' '}
          instead.
        </p>
      )}
    </section>
  );
}
