import { documentsApi, MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { alerts } from '../../app/alerts-store';
import { RichText } from '../../ui/RichText';
import { withLoader } from '../../ui/modal-store';

/** A default (static) document: the partner's text, and the case-exchange button when offered. */
export function StaticDocument({ document }: { document: ContactDocumentShape }) {
  const openCaseExchange = async () => {
    // Opened before the call so the browser treats it as a response to the click, not as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const answer = await withLoader(call(documentsApi.caseExchange));
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
    } catch (error) {
      tab?.close();
      alerts.show(errorMessage(error), 'warning');
    }
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
          <button type="button" className="button" onClick={() => void openCaseExchange()}>
            Open Case Exchange
          </button>
        </div>
      )}
    </section>
  );
}
