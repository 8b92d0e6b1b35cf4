import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { API } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useRunOnce } from '../../lib/use-run-once';
import { OnboardingFrame } from './OnboardingFrame';
import { useOnboarding } from './onboarding-store';
import { homePath, stepPath } from './steps';

/** /onboarding/restore/{token}: continues a saved session at the step stored in it (spec 2 §2 "Restore"). */
export function RestorePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const start = useOnboarding((state) => state.start);
  const [failure, setFailure] = useState<string | null>(null);

  // Once per page: the mailed link opens the session only once.
  useRunOnce(() =>
    call(API.onboarding.restore, { params: { token } }).then(
      ({ session, group, countries }) => {
        start({ vhost: group.vhost, group, countries, session, email: session.data.user?.email ?? null });
        void navigate(stepPath(session.step), { replace: true });
      },
      (error: unknown) => setFailure(errorMessage(error)),
    ),
  );

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
