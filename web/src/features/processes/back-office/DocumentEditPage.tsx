import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  DOCUMENT_TYPE_EDITOR_LABELS,
  DOCUMENT_TYPES,
  documentEditorKind,
  routePath,
  type DocumentType,
  type ManagedDocumentType,
  type SuperAdminDocument,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { SelectField } from '../../../ui/fields';
import { useConfirm } from '../../../ui/modal-store';
import { processesChanged } from '../../back-office/back-office-changes';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { companyCrumbs } from '../../companies/back-office/company-labels';
import { companyIdParam, useCompany } from '../../companies/back-office/use-company';
import { InternalNotes } from './InternalNotes';
import { ManagedDocumentForm } from './ManagedDocumentForm';
import { ParentDocumentForm } from './ParentDocumentForm';
import { StaticDocumentForm } from './StaticDocumentForm';
import './documents.css';

const api = API.superAdminDocuments;
const TYPE_OPTIONS = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_EDITOR_LABELS[value] }));

function typeParam(raw: string | undefined): DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(raw ?? '') ? (raw as DocumentType) : 'ticket';
}

/**
 * /super_admin/companies/{company_id}/documents/{document_id}/edit/{type}: the type chooses the
 * editor. A stored document keeps its type (the stored one wins over the path); a new one (0) picks it here.
 */
export function DocumentEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const companyId = companyIdParam(params.company_id);
  const documentId = companyIdParam(params.document_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  // A new document (0) has nothing to load.
  const loaded = useApiQuery(api.document, { params: { documentId }, enabled: documentId !== 0 });
  const ready = documentId === 0 || loaded.data !== undefined;
  const document = documentId === 0 ? null : (loaded.data?.document ?? null);
  const type = document?.version.document_type ?? typeParam(params.type);
  const kind = documentEditorKind(type);
  const label = DOCUMENT_TYPE_EDITOR_LABELS[type];
  const detail = routePath('super_admin.company.detail', { company_id: companyId });

  const chooseType = (next: string) =>
    void navigate(routePath('super_admin.document.edit', { company_id: companyId, document_id: 0, type: next }), {
      replace: true,
    });

  return (
    <PageFrame title={documentId === 0 ? `New ${label}` : `Edit ${label}`}>
      <Breadcrumbs trail={companyCrumbs(company)} current="Process Details" />
      {loaded.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(loaded.error)}
        </p>
      )}
      {(!ready || !company) && !loaded.isError && <p className="muted">Loading…</p>}
      {ready && company && (
        <>
          <div className="card document-type-box">
            {documentId === 0 ? (
              <SelectField
                label="Type"
                options={TYPE_OPTIONS}
                value={type}
                onChange={(event) => chooseType(event.target.value)}
              />
            ) : (
              <DocumentActions companyId={companyId} document={document!} detail={detail} />
            )}
          </div>
          <Editor key={`${documentId}-${type}`} companyId={companyId} document={document} type={type} kind={kind} />
        </>
      )}
    </PageFrame>
  );
}

function Editor({
  companyId,
  document,
  type,
  kind,
}: {
  companyId: number;
  document: SuperAdminDocument | null;
  type: DocumentType;
  kind: ReturnType<typeof documentEditorKind>;
}) {
  // The parent editor offers processes; the others (static too, as before) wait for the managed choices.
  const parent = useApiQuery(api.parentFormData, { params: { companyId }, enabled: kind === 'parent' });
  const managed = useApiQuery(api.formData, { params: { companyId }, enabled: kind !== 'parent' });
  const choices = kind === 'parent' ? parent : managed;
  const notes = document && kind !== 'parent' ? <InternalNotes companyId={companyId} documentId={document.id} /> : null;
  if (choices.isError) {
    return (
      <p className="notice notice-warning" role="alert">
        {queryErrorText(choices.error)}
      </p>
    );
  }
  if (kind === 'parent') {
    if (!parent.data) return <p className="muted">Loading…</p>;
    return <ParentDocumentForm companyId={companyId} document={document} choices={parent.data} />;
  }
  if (!managed.data) return <p className="muted">Loading…</p>;
  if (kind === 'static') {
    return (
      <StaticDocumentForm companyId={companyId} document={document}>
        {notes}
      </StaticDocumentForm>
    );
  }
  return (
    <ManagedDocumentForm
      companyId={companyId}
      document={document}
      type={type as ManagedDocumentType}
      choices={managed.data}
    >
      {notes}
    </ManagedDocumentForm>
  );
}

/** The fixed type, the test page and delete (soft; refused by the server while the process is in use). */
function DocumentActions({
  companyId,
  document,
  detail,
}: {
  companyId: number;
  document: SuperAdminDocument;
  detail: string;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const type = document.version.document_type;
  const deleteDocument = useApiMutation(api.delete, {
    loader: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message, 'success');
      void processesChanged();
      void navigate(detail);
    },
  });
  const remove = async () => {
    if (!(await confirm(`Are you sure you want to delete ${document.name}?`, { confirmLabel: 'Delete' }))) return;
    deleteDocument.mutate({ params: { companyId, documentId: document.id } });
  };
  return (
    <div className="document-actions">
      <p>
        <span className="field-label">Type</span> {DOCUMENT_TYPE_EDITOR_LABELS[type]}{' '}
        <span className="muted">(version {document.version.version_number})</span>
      </p>
      <div className="panel-actions">
        {type !== 'parent' && (
          <Link
            className="button button-secondary button-small"
            to={routePath('super_admin.inbound_process.test', { company_id: companyId, id: document.id })}
          >
            View/Test Form
          </Link>
        )}
        <button type="button" className="button button-danger button-small" onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </div>
  );
}
