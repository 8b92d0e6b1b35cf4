import { useId } from 'react';
import { type ContactDocumentShape, type DocumentsResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { RichText } from '../../../ui/RichText';
import type { CaseTarget } from './CaseForm';
import './submit-case.css';

export type PriorityRules = Pick<DocumentsResponse, 'priority_messages' | 'priority_locked'>;

interface ParentChooserProps {
  document: ContactDocumentShape;
  target: CaseTarget;
  onChoose: (child: ContactDocumentShape, priority: PriorityRules) => void;
}

/** A parent document: the user picks one of its sub-processes, which then renders as its own type. */
export function ParentChooser({ document, target, onChoose }: ParentChooserProps) {
  const id = useId();
  const children = useApiQuery(API.documents.subDocuments, {
    params: { documentId: document.id, type: target.type, entity_id: target.entityId },
  });

  if (!children.data) {
    return children.isError ? <p role="alert">{queryErrorText(children.error)}</p> : <p className="muted">Loading…</p>;
  }

  const optionName = (child: ContactDocumentShape) =>
    document.doc_linkages.find((link) => link.contact_document_id === child.id)?.option_name ??
    child.parent_option_name ??
    child.name;
  const { priority_messages, priority_locked } = children.data;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{document.parent_option_name ?? 'What do you need help with?'}</h2>
      <RichText html={document.static_document} />
      {children.data.documents.length === 0 ? (
        <p className="muted">This process has no sub-processes yet.</p>
      ) : (
        <div className="choice-list" role="group" aria-label="Sub-processes">
          {children.data.documents.map((child) => (
            <button
              key={child.id}
              type="button"
              className="button button-secondary"
              onClick={() => onChoose(child, { priority_messages, priority_locked })}
            >
              {optionName(child)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
