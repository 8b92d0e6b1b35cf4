import { API } from '../../../lib/api-routes';
import { useApiQuery } from '../../../lib/queries';
import { CopyField } from '../../../ui/CopyField';

/**
 * The Teams connection of a group with Teams integration: the signed link to hand to the team's owner (its page
 * stores the channel's webhook address) and whether cards are already posted.
 */
export function TeamsConnectionCard({ groupId }: { groupId: number }) {
  const state = useApiQuery(API.teams.link, { params: { id: groupId } });
  if (!state.data) return null;
  const { connection, link } = state.data;
  return (
    <section className="card" aria-labelledby="teams-connection-title">
      <h2 id="teams-connection-title">Microsoft Teams</h2>
      <p>
        {connection.connected
          ? 'Connected: new and late cases of this group are posted to the team.'
          : 'Not connected yet: no cards are posted until the team opens the link below.'}
      </p>
      <CopyField
        label="Teams connection link"
        value={new URL(link, window.location.origin).toString()}
        hint="Send this link to the team's owner; opening it connects the team's channel to this group."
      />
    </section>
  );
}
