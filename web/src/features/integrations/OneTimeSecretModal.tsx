import { useId, useState } from 'react';
import { Modal } from '../../ui/Modal';

interface OneTimeSecretModalProps {
  title: string;
  /** What the secret is, e.g. "Signing secret". */
  label: string;
  secret: string;
  onClose: () => void;
}

/** Shows a secret the server will never show again, with a copy button. */
export function OneTimeSecretModal({ title, label, secret, onClose }: OneTimeSecretModalProps) {
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin or denied): the text stays selectable in the field.
      setCopied(false);
    }
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="notice notice-warning" role="status">
        Copy it now: it will not be shown again.
      </p>
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="one-time-secret"
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </Modal>
  );
}
