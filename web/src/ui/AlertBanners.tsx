import { useAlerts } from '../app/alerts-store';

/** The banner alerts of the page (levels primary, success, warning, danger). */
export function AlertBanners() {
  const list = useAlerts((state) => state.alerts);
  const dismiss = useAlerts((state) => state.dismiss);
  if (list.length === 0) return null;
  return (
    <div className="alerts">
      {list.map((alert) => (
        <div key={alert.id} className={`alert alert-${alert.level}`} role="alert">
          <span>{alert.message}</span>
          <button type="button" className="alert-close" aria-label="Dismiss" onClick={() => dismiss(alert.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
