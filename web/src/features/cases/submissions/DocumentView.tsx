import { useState } from 'react';
import type { ContactDocumentShape } from '@casebridge/contracts';
import { CaseForm, type CaseTarget } from './CaseForm';
import { DocumentSidebar } from './DocumentSidebar';
import { ManagerRequestForm } from './ManagerRequestForm';
import { ParentChooser, type PriorityRules } from './ParentChooser';
import { StaticDocument } from './StaticDocument';

interface DocumentViewProps {
  document: ContactDocumentShape;
  target: CaseTarget;
  priority: PriorityRules;
}

/**
 * One process document with its sidebar, rendered by its version's type: the case form, a static document, a
 * chooser of sub-processes or the manager request form. A parent document is replaced by the sub-process the user
 * picks, with a way back to the choices.
 */
export function DocumentView({ document, target, priority }: DocumentViewProps) {
  const [child, setChild] = useState<{ document: ContactDocumentShape; priority: PriorityRules } | null>(null);
  if (child) {
    return (
      <div className="stack">
        <button type="button" className="link-button" onClick={() => setChild(null)}>
          ← Back to {document.name}
        </button>
        <DocumentView key={child.document.id} document={child.document} target={target} priority={child.priority} />
      </div>
    );
  }
  return (
    <div className="document-grid">
      <div className="document-main">
        <DocumentBody
          document={document}
          target={target}
          priority={priority}
          onChoose={(next, rules) => setChild({ document: next, priority: rules })}
        />
      </div>
      <DocumentSidebar document={document} target={target} />
    </div>
  );
}

function DocumentBody({
  document,
  target,
  priority,
  onChoose,
}: DocumentViewProps & { onChoose: (child: ContactDocumentShape, priority: PriorityRules) => void }) {
  switch (document.version.document_type) {
    case 'ticket':
    case 'solution_support':
    case 'json':
      return <CaseForm document={document} target={target} priority={priority} />;
    case 'default':
      return <StaticDocument document={document} />;
    case 'parent':
      return <ParentChooser document={document} target={target} onChoose={onChoose} />;
    case 'manager':
      return <ManagerRequestForm document={document} />;
  }
}
