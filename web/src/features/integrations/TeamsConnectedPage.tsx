import { useParams, useSearchParams } from 'react-router-dom';
import { API } from '../../lib/api-routes';
import { PageFrame } from '../../app/PageFrame';
import { errorMessage } from '../../lib/api-error';
import { useApiMutation } from '../../lib/mutations';
import { useRunOnce } from '../../lib/use-run-once';
import { CaseErrorBox } from '../cases/CaseErrorBox';

/**
 * /msteams/connected/{token} (public, no login): confirms a group's Microsoft Teams connection. Teams' connector
 * set-up returns here with `webhook_url` (and `error` when the user cancelled there).
 */
export function TeamsConnectedPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const teamsError = search.get('error');
  // The page says why it failed in place of the connection, so no banner.
  const confirmConnection = useApiMutation(API.teams.confirm, { handlesErrors: true });
  // Opening the page confirms the connection, once (the link is one-time).
  useRunOnce(() => {
    if (!teamsError) {
      confirmConnection.mutate({ params: { token }, body: { webhook_url: search.get('webhook_url') ?? undefined } });
    }
  });

  const answer = confirmConnection.data;
  let failure: string | null = null;
  if (teamsError) failure = `Microsoft Teams did not complete the connection (${teamsError}).`;
  else if (confirmConnection.isError) failure = errorMessage(confirmConnection.error);

  return (
    <PageFrame title="Microsoft Teams">
      {!failure && !answer && <p className="muted">Checking the connection…</p>}
      {failure && <CaseErrorBox title="The Microsoft Teams connection could not be confirmed." message={failure} />}
      {answer && (
        <section className="card" aria-labelledby="teams-connected-title">
          <h2 id="teams-connected-title">
            {answer.connection.connected ? 'Microsoft Teams Connected' : 'Microsoft Teams Connection Link'}
          </h2>
          <p className="notice notice-success" role="status">
            {answer.message}
          </p>
          <p>
            Group: <strong>{answer.connection.group_name}</strong>
          </p>
          {answer.connection.team_url && (
            <p>
              <a href={answer.connection.team_url} target="_blank" rel="noopener noreferrer">
                Open the team in Microsoft Teams
              </a>
            </p>
          )}
          <p className="muted">You can close this page.</p>
        </section>
      )}
    </PageFrame>
  );
}
