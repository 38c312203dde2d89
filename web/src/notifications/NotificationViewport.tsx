import { useSyncExternalStore } from 'react';
import { notifications } from './notificationStore';
import './notifications.css';

/** Renders the current messages; mounted once, above the router. */
export function NotificationViewport() {
  const items = useSyncExternalStore(notifications.subscribe, notifications.snapshot, notifications.snapshot);
  return (
    <div className="notification-viewport">
      {items.map((item) =>
        item.kind === 'error' ? (
          <div key={item.id} role="alert" className="notice notice-error notification">
            <p>{item.text}</p>
            <button
              type="button"
              className="btn btn-link notification-close"
              aria-label="Fermer le message"
              onClick={() => notifications.dismiss(item.id)}
            >
              Fermer
            </button>
          </div>
        ) : (
          <div key={item.id} role="status" className="notice notice-success notification">
            <p>{item.text}</p>
          </div>
        ),
      )}
    </div>
  );
}
