import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAlerts } from '../app/alerts-store';
import { AlertBanners } from './AlertBanners';

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Omit to make the modal blocking (no close button, Escape ignored). */
  onClose?: () => void;
  footer?: ReactNode;
  /**
   * Warnings and errors shown while the modal is open appear inside it (its action failed, not the page's). Off
   * for the app's own alert and confirm dialogs, which answer nothing themselves.
   */
  ownsAlerts?: boolean;
}

/** Accessible dialog: labelled, focus moved inside, Escape closes when closable. */
export function Modal({ title, children, onClose, footer, ownsAlerts = true }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [alertPlace, setAlertPlace] = useState<number | null>(null);

  useEffect(() => {
    if (!ownsAlerts) return;
    const { openPlace, closePlace } = useAlerts.getState();
    const place = openPlace();
    setAlertPlace(place);
    return () => closePlace(place);
  }, [ownsAlerts]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const focusable = dialogRef.current?.querySelector<HTMLElement>('input, select, textarea, button, a[href]');
    (focusable ?? dialogRef.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal-body">
          {alertPlace !== null && <AlertBanners place={alertPlace} />}
          {children}
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}
