import type { ReactNode } from 'react';
import { MESSAGES, isCompanyAdminRole, type CaseEscalationShape, type CaseTimelineEntry } from '@casebridge/contracts';
import { useSession } from '../../app/session-store';
import { PUBLIC_LINKS } from '../../lib/public-site';
import { CaseEscalations } from './manager-requests/CaseEscalations';
import { CaseTimeline, type TimelineItems } from './CaseTimeline';
import './cases.css';

interface CollaborationFeedProps {
  /** The case's log as the viewer sees it, and the items its entries name. */
  timeline: readonly CaseTimelineEntry[];
  items: TimelineItems;
  allowNotes: boolean;
  /** Manager escalations linked to the case: shown to both companies, notes enabled or not. */
  escalations?: CaseEscalationShape[];
  /** What adds to the feed (Add Note, Upload File), at its head. */
  actions?: ReactNode;
}

/**
 * The case as one conversation: every entry of its log, newest first (CaseTimeline). A company without the feed
 * is told so (the spec's notice) and still reads the exchange, without notes; the escalations follow.
 */
export function CollaborationFeed({ timeline, items, allowNotes, escalations = [], actions }: CollaborationFeedProps) {
  const role = useSession((state) => state.role);
  const level = useSession((state) => state.level);

  return (
    <section className="card case-feed" aria-labelledby="case-feed-title">
      <h2 id="case-feed-title">Collaboration Feed</h2>
      {actions}
      {!allowNotes && (
        <div className="notice notice-warning">
          <p>{MESSAGES.feedRequiresSso}</p>
          {role && isCompanyAdminRole(role) && (
            // Enabling the feed is a membership matter; managers reach membership support from here.
            <a className="button button-small" href={PUBLIC_LINKS.membership(level ?? 'limited')}>
              Contact
            </a>
          )}
        </div>
      )}
      <CaseTimeline timeline={timeline} items={items} />
      <CaseEscalations escalations={escalations} />
    </section>
  );
}
