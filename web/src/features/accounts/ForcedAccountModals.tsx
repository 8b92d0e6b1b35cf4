import { lazy, Suspense } from 'react';
import { useSession } from '../../app/session-store';

// Loaded only for a user who must act first: every other page load skips their forms (and the form libraries)
// in the app's initial script.
const UpdateProfileModal = lazy(() =>
  import('./UpdateProfileModal').then((module) => ({ default: module.UpdateProfileModal })),
);
const AgreementModal = lazy(() => import('./AgreementModal').then((module) => ({ default: module.AgreementModal })));

/** After login: the profile check comes first, then the agreement. */
export function ForcedAccountModals() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  if (user.force_update_profile) {
    return (
      <Suspense fallback={null}>
        <UpdateProfileModal key={user.id} user={user} />
      </Suspense>
    );
  }
  if (user.force_update_agreement) {
    return (
      <Suspense fallback={null}>
        <AgreementModal key={user.id} />
      </Suspense>
    );
  }
  return null;
}
