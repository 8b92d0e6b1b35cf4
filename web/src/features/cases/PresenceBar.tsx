import type { PresenceMessage } from '@casebridge/contracts';
import './cases.css';

/** Who else is on this case now, and who is writing a note. */
export function PresenceBar({ viewers, selfKey }: { viewers: PresenceMessage['viewers']; selfKey?: string }) {
  const others = viewers.filter((viewer) => viewer.key !== selfKey);
  if (others.length === 0) return null;
  const typing = others.filter((viewer) => viewer.typing);
  return (
    <p className="presence-bar" aria-live="polite">
      <span className="presence-dot" aria-hidden="true" /> Viewing now:{' '}
      {others.map((viewer) => (viewer.company ? `${viewer.name} (${viewer.company})` : viewer.name)).join(', ')}
      {typing.length > 0 && <em> · {typing.map((viewer) => viewer.name).join(', ')} writing a note…</em>}
    </p>
  );
}
