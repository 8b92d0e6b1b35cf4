import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { documentsApi, routePath } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { PageFrame } from '../../app/PageFrame';
import type { CaseTarget } from './CaseForm';
import { DocumentView } from './DocumentView';

/** /case/{type}/{entity_id}: the partner's process documents; several are offered as tabs by name. */
export function SubmitCasePage() {
  const { type = '', entity_id = '' } = useParams();
  const entityId = Number(entity_id);
  const valid = (type === 'company' || type === 'department') && Number.isInteger(entityId) && entityId > 0;
  const documents = useAsync(
    () =>
      valid
        ? call(documentsApi.documents, { params: { type, entity_id: entityId } })
        : Promise.reject(new Error('This partner does not exist.')),
    [type, entity_id],
  );
  const [chosenId, setChosenId] = useState<number | null>(null);

  if (documents.status === 'loading') {
    return (
      <PageFrame title="Submit a Request">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  if (documents.status === 'failed') {
    return (
      <PageFrame title="Submit a Request">
        <p role="alert">{documents.error}</p>
        <Link to={routePath('dashboard')}>Back to the dashboard</Link>
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
