import { useId, useState } from 'react';
import { CheckboxField } from '../../ui/fields';
import {
  browserNotificationsOn,
  browserNotificationsSupported,
  setBrowserNotifications,
} from './browser-notifications';

/**
 * Profile: desktop notifications for the cases the user watches, on this browser only (the browser grants the
 * permission, so the choice is kept with it). Shown while the tab is hidden; one per entry across tabs.
 */
export function BrowserNotificationsSetting() {
  const id = useId();
  const [on, setOn] = useState(browserNotificationsOn);
  const [denied, setDenied] = useState(() => browserNotificationsSupported() && Notification.permission === 'denied');
  const supported = browserNotificationsSupported();

  const change = async (wanted: boolean) => {
    const now = await setBrowserNotifications(wanted);
    setOn(now);
    setDenied(wanted && !now);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Desktop Notifications</h2>
      <p className="muted">
        When this tab is in the background, show a notification for partner answers, information requests, status
        changes and the other company’s notes on the cases you watch. This setting applies to this browser only.
      </p>
      {supported ? (
        <CheckboxField
          label="Show desktop notifications on this browser"
          checked={on}
          onChange={(event) => void change(event.target.checked)}
        />
      ) : (
        <p>This browser cannot show desktop notifications.</p>
      )}
      {denied && (
        <p className="notice notice-warning" role="status">
          The browser blocks notifications for this site. Allow them in the browser’s site settings, then try again.
        </p>
      )}
    </section>
  );
}
