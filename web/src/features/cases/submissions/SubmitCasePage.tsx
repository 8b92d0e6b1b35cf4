import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import type { CaseTarget } from './CaseForm';
import { DocumentView } from './DocumentView';
import './submit-case.css';

const INVALID_PARTNER = 'This partner does not exist.';

/** /case/{type}/{entity_id}: the partner's process documents; several are offered as tabs by name. */
export function SubmitCasePage() {
  const { type = '', entity_id = '' } = useParams();
  const entityId = Number(entity_id);
  const valid = (type === 'company' || type === 'department') && Number.isInteger(entityId) && entityId > 0;
  // A malformed address is not asked for at all.
  const documents = useApiQuery(API.documents.documents, { params: { type, entity_id: entityId }, enabled: valid });
  const [chosenId, setChosenId] = useState<number | null>(null);

  // A failed refresh keeps the documents (and what the user typed) on screen.
  const failure = !valid
    ? INVALID_PARTNER
    : documents.isError && !documents.data
      ? queryErrorText(documents.error)
      : null;
  if (failure !== null) {
    return (
      <PageFrame title="Submit a Request">
        <p role="alert">{failure}</p>
        <Link to={routePath('dashboard')}>Back to the dashboard</Link>
      </PageFrame>
    );
  }
  if (!documents.data) {
    return (
      <PageFrame title="Submit a Request">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }

  const list = documents.data.documents;
  const target: CaseTarget = { type: type as CaseTarget['type'], entityId };
  const current = list.find((document) => document.id === chosenId) ?? list[0];
  const partner = current ? `${current.company.name}${current.department ? ` – ${current.department.name}` : ''}` : '';
  const priority = {
    priority_messages: documents.data.priority_messages,
    priority_locked: documents.data.priority_locked,
  };

  if (!current) {
    return (
      <PageFrame title="Submit a Request">
        <p>This partner has not published a process for requests yet.</p>
        <Link to={routePath('dashboard')}>Back to the dashboard</Link>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={`Submit a Request to ${partner}`}>
      {list.length > 1 && (
        <div className="document-tabs" role="tablist" aria-label="Processes">
          {list.map((document) => (
            <button
              key={document.id}
              type="button"
              role="tab"
              id={`document-tab-${document.id}`}
              aria-selected={document.id === current.id}
              aria-controls="document-panel"
              className={document.id === current.id ? 'tab tab-active' : 'tab'}
              onClick={() => setChosenId(document.id)}
            >
              {document.name}
            </button>
          ))}
        </div>
      )}
      <div
        id="document-panel"
        role={list.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={list.length > 1 ? `document-tab-${current.id}` : undefined}
      >
        {list.length === 1 && <h2 className="document-name">{current.name}</h2>}
        <DocumentView key={current.id} document={current} target={target} priority={priority} />
      </div>
    </PageFrame>
  );
}
