import { useEffect, useState } from 'react';
import { SUCCESS_BANNER_MS, useAlerts, type AlertPlace, type BannerAlert } from '../app/alerts-store';

/** The fade-out's length; without motion (prefers-reduced-motion) the banner simply goes. */
const FADE_MS = 400;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The banner alerts of the page, or of one modal (levels primary, success, warning, danger). Success and notices
 * are polite status messages; warnings and errors are alerts, read out at once.
 */
export function AlertBanners({ place = 'page' }: { place?: AlertPlace }) {
  const list = useAlerts((state) => state.alerts).filter((alert) => alert.place === place);
  if (list.length === 0) return null;
  return (
    <div className={place === 'page' ? 'alerts' : 'alerts alerts-in-modal'}>
      {list.map((alert) => (
        <Banner key={alert.id} alert={alert} />
      ))}
    </div>
  );
}

function Banner({ alert }: { alert: BannerAlert }) {
  const dismiss = useAlerts((state) => state.dismiss);
  const fades = alert.level === 'success';
  // Pointed at or focused: the reader is busy with it, so the countdown waits (WCAG 2.2.1).
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const [leaving, setLeaving] = useState(false);
  const paused = held.pointer || held.focus;

  useEffect(() => {
    if (!fades || paused || leaving) return;
    const timer = window.setTimeout(() => {
      if (reducedMotion()) dismiss(alert.id);
      else setLeaving(true);
    }, SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [fades, paused, leaving, alert.id, dismiss]);

  useEffect(() => {
    if (!leaving) return;
    // Removed when the fade ends; the timer covers a fade that never runs (a hidden tab).
    const timer = window.setTimeout(() => dismiss(alert.id), FADE_MS + 100);
    return () => window.clearTimeout(timer);
  }, [leaving, alert.id, dismiss]);

  const problem = alert.level === 'warning' || alert.level === 'danger';
  return (
    <div
      className={`alert alert-${alert.level}${leaving ? ' alert-leaving' : ''}`}
      role={problem ? 'alert' : 'status'}
      onAnimationEnd={() => leaving && dismiss(alert.id)}
      onMouseEnter={() => {
        setHeld((state) => ({ ...state, pointer: true }));
        setLeaving(false);
      }}
      onMouseLeave={() => setHeld((state) => ({ ...state, pointer: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={() => setHeld((state) => ({ ...state, focus: false }))}
    >
      <span>{alert.message}</span>
      <button type="button" className="alert-close" aria-label="Dismiss" onClick={() => dismiss(alert.id)}>
        ×
      </button>
    </div>
  );
}
