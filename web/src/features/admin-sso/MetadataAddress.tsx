import { useId, useState } from 'react';

/** The read-only service-provider metadata address to give to IT, with a copy button. */
export function MetadataAddress({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin or denied): the address stays selectable in the field.
      setCopied(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>Service Provider Metadata</label>
      <div className="row-actions">
        <input
          id={id}
          type="text"
          value={url}
          readOnly
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <div className="field-hint" id={`${id}-hint`} aria-live="polite">
        {copied === true
          ? 'Copied to the clipboard.'
          : copied === false
            ? 'Copying is not available here; select the address and copy it.'
            : 'Give this address to your IT team to register this portal with your identity provider.'}
      </div>
    </div>
  );
}
