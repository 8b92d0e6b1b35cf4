import { Modal } from './Modal';
import { useModals } from './modal-store';

/** Renders the alert / confirm dialogs and the loader requested through the modal store. */
export function ModalHost() {
  const dialogs = useModals((state) => state.dialogs);
  const loading = useModals((state) => state.loading);
  const close = useModals((state) => state.close);
  const dialog = dialogs[0];

  return (
    <>
      {dialog && (
        <Modal
          title={dialog.title ?? (dialog.kind === 'confirm' ? 'Please Confirm' : 'Notice')}
          onClose={() => close(dialog.id, false)}
          ownsAlerts={false}
          footer={
            <>
              {dialog.kind === 'confirm' && (
                <button type="button" className="button button-secondary" onClick={() => close(dialog.id, false)}>
                  {dialog.cancelLabel}
                </button>
              )}
              <button type="button" className="button" onClick={() => close(dialog.id, true)}>
                {dialog.confirmLabel}
              </button>
            </>
          }
        >
          <p>{dialog.message}</p>
        </Modal>
      )}
      {loading > 0 && (
        <div className="loader-backdrop" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      )}
    </>
  );
}
