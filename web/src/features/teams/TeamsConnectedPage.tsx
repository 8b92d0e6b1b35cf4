import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { teamsApi, type TeamsConnection } from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useRunOnce } from '../../lib/use-run-once';
import { CaseErrorBox } from '../cases/CaseErrorBox';

type State =
  | { status: 'checking' }
  | { status: 'done'; connection: TeamsConnection; message: string }
  | { status: 'failed'; error: string };

/**
 * /msteams/connected/{token} (spec 3 §2.14): confirms a group's Microsoft Teams connection. Teams' connector
 * set-up returns here with `webhook_url` (and `error` when the user cancelled there).
 */
export function TeamsConnectedPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const [state, setState] = useState<State>({ status: 'checking' });
  const teamsError = search.get('error');

  useRunOnce(async () => {
    if (teamsError) {
      setState({ status: 'failed', error: `Microsoft Teams did not complete the connection (${teamsError}).` });
      return;
    }
    try {
      const answer = await call(teamsApi.confirm, {
        params: { token },
        body: { webhook_url: search.get('webhook_url') ?? undefined },
      });
      setState({ status: 'done', connection: answer.connection, message: answer.message });
    } catch (error) {
      setState({ status: 'failed', error: errorMessage(error) });
    }
  });

  return (
    <PageFrame title="Microsoft Teams">
      {state.status === 'checking' && <p className="muted">Checking the connection…</p>}
      {state.status === 'failed' && (
        <CaseErrorBox title="The Microsoft Teams connection could not be confirmed." message={state.error} />
      )}
      {state.status === 'done' && (
        <section className="card" aria-labelledby="teams-connected-title">
          <h2 id="teams-connected-title">
            {state.connection.connected ? 'Microsoft Teams Connected' : 'Microsoft Teams Connection Link'}
          </h2>
          <p className="notice notice-success" role="status">
            {state.message}
          </p>
          <p>
            Group: <strong>{state.connection.group_name}</strong>
          </p>
          {state.connection.team_url && (
            <p>
              <a href={state.connection.team_url} target="_blank" rel="noopener noreferrer">
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
