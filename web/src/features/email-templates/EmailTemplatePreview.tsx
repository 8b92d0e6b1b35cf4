import type { EmailTemplatePreview as Preview } from '@casebridge/contracts';
import { RichText } from '../../ui/RichText';

/** The mail as a recipient would read it, with sample values (body sanitized by the server). */
export function EmailTemplatePreview({ preview, busy }: { preview: Preview | null; busy: boolean }) {
  return (
    <section className="card" aria-labelledby="email-preview-title" aria-busy={busy}>
      <h2 id="email-preview-title">Preview</h2>
      {!preview ? (
        <p className="muted">{busy ? 'Rendering…' : 'Press Preview to see the mail with sample values.'}</p>
      ) : (
        <div className="stack" data-testid="email-preview">
          <p>
            <strong>Subject:</strong> <span data-testid="email-preview-subject">{preview.subject}</span>
          </p>
          <RichText html={preview.body} />
          <p className="muted">Sample values stand in for the real ones.</p>
        </div>
      )}
    </section>
  );
}
