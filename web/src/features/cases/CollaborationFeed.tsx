import { MESSAGES, isCompanyAdminRole, type CaseEscalationShape, type CaseNoteShape } from '@casebridge/contracts';
import { useSession } from '../../app/session-store';
import { PUBLIC_LINKS } from '../../lib/public-site';
import { formatDateTime } from '../../lib/format';
import { CaseEscalations } from './manager-requests/CaseEscalations';
import './cases.css';

interface CollaborationFeedProps {
  notes: CaseNoteShape[];
  allowNotes: boolean;
  /** Manager escalations linked to the case: shown to both companies, notes enabled or not. */
  escalations?: CaseEscalationShape[];
}

/**
 * The notes both companies add to a case, newest first; only for companies with notes enabled. Internal notes (only
 * the reader's own company has them) stand out with a badge and their own background.
 */
export function CollaborationFeed({ notes, allowNotes, escalations = [] }: CollaborationFeedProps) {
  const role = useSession((state) => state.role);
  const level = useSession((state) => state.level);
  const newestFirst = [...notes].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);

  return (
    <section className="card case-feed" aria-labelledby="case-feed-title">
      <h2 id="case-feed-title">Collaboration Feed</h2>
      {!allowNotes ? (
        <div className="notice notice-warning">
          <p>{MESSAGES.feedRequiresSso}</p>
          {role && isCompanyAdminRole(role) && (
            // Enabling the feed is a membership matter; managers reach membership support from here.
            <a className="button button-small" href={PUBLIC_LINKS.membership(level ?? 'limited')}>
              Contact
            </a>
          )}
        </div>
      ) : newestFirst.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ol className="feed-list" aria-label="Notes, newest first">
          {newestFirst.map((note) => (
            <li key={note.id} className={note.visibility === 'internal' ? 'feed-note feed-note-internal' : 'feed-note'}>
              {note.visibility === 'internal' && (
                <span className="badge feed-internal-badge" title="Only your company sees this note">
                  Internal
                </span>
              )}
              {note.summary && <h3 className="feed-summary">{note.summary}</h3>}
              {note.description && <p className="pre-wrap">{note.description}</p>}
              <p className="muted small">
                {note.user?.full_name ?? note.creator_name}
                {note.company && <> · {note.company.name}</>} · {formatDateTime(note.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <CaseEscalations escalations={escalations} />
    </section>
  );
}
