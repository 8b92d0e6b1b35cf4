import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  DOCUMENT_TYPE_EDITOR_LABELS,
  DOCUMENT_TYPES,
  documentEditorKind,
  routePath,
  superAdminDocumentsApi,
  type DocumentFormData,
  type DocumentType,
  type ParentFormData,
  type ManagedDocumentType,
  type SuperAdminDocument,
} from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useAsync } from '../../../lib/use-async';
import { SelectField } from '../../../ui/fields';
import { useConfirm, withLoader } from '../../../ui/modal-store';
import { Breadcrumbs } from '../companies/Breadcrumbs';
import { companyCrumbs } from '../companies/company-labels';
import { companyIdParam, useCompany } from '../companies/use-company';
import { InternalNotes } from './InternalNotes';
import { ManagedDocumentForm } from './ManagedDocumentForm';
import { ParentDocumentForm } from './ParentDocumentForm';
import { StaticDocumentForm } from './StaticDocumentForm';
import './documents.css';

const api = superAdminDocumentsApi;
const TYPE_OPTIONS = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_EDITOR_LABELS[value] }));

function typeParam(raw: string | undefined): DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(raw ?? '') ? (raw as DocumentType) : 'ticket';
}

/**
 * /super_admin/companies/{company_id}/documents/{document_id}/edit/{type} (spec 3 §2.10): the type chooses the
 * editor. A stored document keeps its type (the stored one wins over the path); a new one (0) picks it here.
 */
export function DocumentEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const companyId = companyIdParam(params.company_id);
  const documentId = companyIdParam(params.document_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const loaded = useAsync(
    () =>
      documentId === 0
        ? Promise.resolve(null)
        : call(api.document, { params: { documentId } }).then((answer) => answer.document),
    [documentId],
  );
  const document = loaded.data ?? null;
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
      {loaded.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {loaded.error}
        </p>
      )}
      {(loaded.status === 'loading' || !company) && loaded.status !== 'failed' && <p className="muted">Loading…</p>}
      {loaded.status === 'ready' && company && (
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

type EditorChoices = { kind: 'parent'; data: ParentFormData } | { kind: 'managed'; data: DocumentFormData };

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
  const choices = useAsync<EditorChoices>(
    () =>
      kind === 'parent'
        ? call(api.parentFormData, { params: { companyId } }).then((data) => ({ kind: 'parent' as const, data }))
        : call(api.formData, { params: { companyId } }).then((data) => ({ kind: 'managed' as const, data })),
    [companyId, kind],
  );
  const notes = document && kind !== 'parent' ? <InternalNotes companyId={companyId} documentId={document.id} /> : null;
  if (choices.status === 'loading') return <p className="muted">Loading…</p>;
  if (choices.status === 'failed') {
    return (
      <p className="notice notice-warning" role="alert">
        {choices.error}
      </p>
    );
  }
  if (kind === 'static') {
    return (
      <StaticDocumentForm companyId={companyId} document={document}>
        {notes}
      </StaticDocumentForm>
    );
  }
  if (choices.data.kind === 'parent') {
    return <ParentDocumentForm companyId={companyId} document={document} choices={choices.data.data} />;
  }
  return (
    <ManagedDocumentForm
      companyId={companyId}
      document={document}
      type={type as ManagedDocumentType}
      choices={choices.data.data}
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
  const remove = async () => {
    if (!(await confirm(`Are you sure you want to delete ${document.name}?`, { confirmLabel: 'Delete' }))) return;
    try {
      const answer = await withLoader(call(api.delete, { params: { companyId, documentId: document.id } }));
      alerts.flash(answer.message, 'success');
      void navigate(detail);
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
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
