import { Link, useNavigate, useParams } from 'react-router-dom';
import { API } from '../../lib/api-routes';
import { errorMessage } from '../../lib/api-error';
import { useApiMutation } from '../../lib/mutations';
import { useRunOnce } from '../../lib/use-run-once';
import { OnboardingFrame } from './OnboardingFrame';
import { useOnboarding } from './onboarding-store';
import { homePath, stepPath } from './steps';

/** /onboarding/restore/{token}: continues a saved session at the step stored in it. */
export function RestorePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const start = useOnboarding((state) => state.start);
  // A link that no longer opens a session is the page's text, not a banner.
  const restore = useApiMutation(API.onboarding.restore, {
    handlesErrors: true,
    onSuccess: ({ session, group, countries }) => {
      start({ vhost: group.vhost, group, countries, session, email: session.data.user?.email ?? null });
      void navigate(stepPath(session.step), { replace: true });
    },
  });
  // Once per page: the mailed link opens the session only once.
  useRunOnce(() => restore.mutate({ params: { token } }));
  const failure = restore.isError ? errorMessage(restore.error) : null;

  return (
    <OnboardingFrame title="Restore Onboarding Session" group={null}>
      <div className="card narrow" role={failure ? 'alert' : 'status'} aria-busy={!failure}>
        {failure ? (
          <>
            <p>{failure}</p>
            <Link to={homePath(null)}>Go to the home page</Link>
          </>
        ) : (
          <p>Please Wait...</p>
        )}
      </div>
    </OnboardingFrame>
  );
}
