import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { routePath, type NotificationItem } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { clearListMarks } from '../../lib/live-lists';
import { useAttention } from './attention-store';
import { ENTRY_LABELS, relativeTime } from './notification-text';
import { NOTIFICATION_PAGE_SIZE } from './use-attention-live';
import './attention.css';

/** Marks an entry read as it is opened; the case page reads the case too, this only makes sure of the entry. */
function readEntry(item: NotificationItem): void {
  if (item.unread) {
    void call(API.attention.readCase, { params: { token: item.case_token }, body: { seq: item.seq } }).catch(
      () => undefined,
    );
  }
}

function NotificationRow({ item }: { item: NotificationItem }) {
  return (
    <li className={item.unread ? 'notification notification-unread' : 'notification'}>
      <Link to={routePath('case-info', { token: item.case_token })} onClick={() => readEntry(item)}>
        <span className="notification-case">
          Case# {item.internal_case_number} · {item.summary}
        </span>
        <span className="notification-what">
          {ENTRY_LABELS[item.type]}
          {item.actor ? ` by ${item.actor}` : ''}
        </span>
        <time dateTime={item.at} className="notification-when">
          {relativeTime(item.at)}
        </time>
        {item.unread && <span className="visually-hidden">, unread</span>}
      </Link>
    </li>
  );
}

/** The server tells every tab of the user too (notifications.cleared); this tab need not wait for it. */
async function markAllRead(): Promise<void> {
  try {
    await call(API.attention.readAll);
    useAttention.getState().cleared();
    clearListMarks();
  } catch {
    // The bell stays as it is; the user may try again.
  }
}

/**
 * The header's bell: the unread entries of the cases the user watches, and a panel with the newest of them.
 * Kept outside the phone menu (HeaderShell's actions); the number and the list follow the socket (attention-store).
 */
export function NotificationBell() {
  const unread = useAttention((state) => state.unreadTotal);
  const items = useAttention((state) => state.items);
  const nextBefore = useAttention((state) => state.nextBefore);
  const [open, setOpen] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  const loadMore = async () => {
    if (nextBefore === null) return;
    setLoadingMore(true);
    try {
      const page = await call(API.attention.notifications, {
        query: { before: nextBefore, limit: NOTIFICATION_PAGE_SIZE },
      });
      useAttention.getState().pageRead(page, false);
    } finally {
      setLoadingMore(false);
    }
  };
  const count = unread ?? 0;

  return (
    <div className="notification-bell" ref={root}>
      <button
        type="button"
        className="bell-button"
        aria-label={unread === null ? 'Notifications' : `Notifications, ${count} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {count > 0 && (
          <span className="bell-count" aria-hidden="true" data-testid="bell-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="notification-panel" role="region" aria-label="Notifications">
          <div className="notification-panel-head">
            <h2>Notifications</h2>
            <button
              type="button"
              className="button button-secondary"
              disabled={count === 0}
              onClick={() => void markAllRead()}
            >
              Mark all read
            </button>
          </div>
          {items.length === 0 ? (
            <p className="muted">Nothing new on the cases you watch.</p>
          ) : (
            <ul className="notification-list">
              {items.map((item) => (
                <NotificationRow key={`${item.case_token}:${item.seq}`} item={item} />
              ))}
            </ul>
          )}
          {nextBefore !== null && (
            <button
              type="button"
              className="button button-secondary"
              disabled={loadingMore}
              onClick={() => void loadMore()}
            >
              Load more
            </button>
          )}
        </div>
      )}
    </div>
  );
}
