import { useState } from 'react';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { alerts } from '../../app/alerts-store';
import { errorMessage } from '../../lib/api-error';
import { useAttention } from './attention-store';

/**
 * Watch / Unwatch on the case page (a toggle: pressed while watching): a watched case's entries reach the bell (and desktop notifications). Its state
 * comes from the page's read answer and follows case.attention (the same user's other tabs).
 */
export function WatchButton({ caseToken }: { caseToken: string }) {
  const watching = useAttention((state) => state.watching[caseToken]);
  const [busy, setBusy] = useState(false);
  if (watching === undefined) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      const answer = await call(API.attention.watchCase, {
        params: { token: caseToken },
        body: { watching: !watching },
      });
      useAttention.getState().setWatching(caseToken, answer.watching);
    } catch (error) {
      alerts.show(errorMessage(error), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-secondary watch-button"
      aria-pressed={watching}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {watching && <span aria-hidden="true">✓ </span>}
      Watch
    </button>
  );
}
