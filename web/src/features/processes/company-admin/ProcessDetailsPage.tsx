import { Link, useParams } from 'react-router-dom';
import { routePath, type AdminProcessDetail } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { RichText } from '../../../ui/RichText';
import { ContactButton } from './ContactButton';
import { FieldsSection } from './FieldsPreview';
import { ProcessSettingsForm } from './ProcessSettingsForm';
import { QueryStatus } from '../../../ui/QueryStatus';

type Relation = AdminProcessDetail['document']['group_relations'][number];

const RELATION_COLUMNS: DataColumn<Relation>[] = [
  { key: 'group', header: 'Group', render: (row) => row.community.name },
  { key: 'department', header: 'Department', render: (row) => row.department?.name ?? 'N/A' },
];

/** /admin/inbound_process/{document_id}: Process Details. */
export function ProcessDetailsPage() {
  const { document_id: documentId = '' } = useParams();
  const detail = useApiQuery(API.adminProcesses.detail, { params: { documentId } });

  return (
    <PageFrame title="Process Details">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={routePath('admin.inbound_process')}>Inbound Processes</Link>
      </nav>
      <QueryStatus query={detail} />
      {detail.data && <ProcessDetails detail={detail.data} />}
    </PageFrame>
  );
}

function ProcessDetails({ detail }: { detail: AdminProcessDetail }) {
  const { document } = detail;
  const type = document.settings.document_type;
  return (
    <>
      {/* A parent only routes to its sub-processes: it has no form to test. */}
      {type !== 'parent' && (
        <p>
          <Link className="button button-secondary" to={routePath('admin.inbound_process.test', { id: document.id })}>
            View/Test Form
          </Link>
        </p>
      )}
      <ProcessSettingsForm detail={detail} />
      <section className="card" aria-labelledby="process-applies-title">
        <div className="card-title">
          <h2 id="process-applies-title">Applies To</h2>
          <ContactButton section="applies_to" process={document} />
        </div>
        <DataTable
          caption="Applies To"
          columns={RELATION_COLUMNS}
          rows={document.group_relations}
          rowKey={(row) => row.id}
          emptyText="This process is not offered in any group yet."
        />
      </section>
      <FieldsSection document={document} contact={<ContactButton section="fields" process={document} />} />
      {type === 'default' && (
        <section className="card" aria-labelledby="process-static-title">
          <div className="card-title">
            <h2 id="process-static-title">Static Process</h2>
            <ContactButton section="static" process={document} />
          </div>
          <RichText html={document.static_document} />
        </section>
      )}
    </>
  );
}
