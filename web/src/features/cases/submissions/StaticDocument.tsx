import { MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { alerts } from '../../../app/alerts-store';
import { RichText } from '../../../ui/RichText';

/** A default (static) document: the partner's text, and the case-exchange button when offered. */
export function StaticDocument({ document }: { document: ContactDocumentShape }) {
  const caseExchange = useApiMutation(API.documents.caseExchange, { loader: true });
  const openCaseExchange = () => {
    // Opened before the call so the browser treats it as a response to the click, not as a pop-up.
    const tab = window.open('', '_blank');
    caseExchange.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success && answer.url) {
          if (tab) {
            tab.opener = null;
            tab.location.href = answer.url;
          } else {
            window.open(answer.url, '_blank', 'noopener');
          }
          return;
        }
        tab?.close();
        alerts.show(answer.message ?? MESSAGES.unknownError, 'warning');
      },
      // The failure itself is the mutation cache's warning; only the empty tab is this click's to close.
      onError: () => tab?.close(),
    });
  };

  return (
    <section className="card static-document">
      {document.static_document ? (
        <RichText html={document.static_document} />
      ) : (
        <p className="muted">This process has no further information.</p>
      )}
      {document.case_exchange && (
        <div className="form-actions">
          <button type="button" className="button" onClick={openCaseExchange}>
            Open Case Exchange
          </button>
        </div>
      )}
    </section>
  );
}
