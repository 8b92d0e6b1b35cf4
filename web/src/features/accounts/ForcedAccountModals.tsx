import { useSession } from '../../app/session-store';
import { AgreementModal } from './AgreementModal';
import { UpdateProfileModal } from './UpdateProfileModal';

/** After login: the profile check comes first, then the agreement. */
export function ForcedAccountModals() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  if (user.force_update_profile) return <UpdateProfileModal key={user.id} user={user} />;
  if (user.force_update_agreement) return <AgreementModal key={user.id} />;
  return null;
}
