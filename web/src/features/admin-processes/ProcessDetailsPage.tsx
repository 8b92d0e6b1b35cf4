import { Link, useParams } from 'react-router-dom';
import {
  adminProcessesApi,
  AdminProcessUpdateBody,
  DOCUMENT_TYPE_ADMIN_LABELS,
  MESSAGES,
  routePath,
  type AdminProcessDetail,
} from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { useServerForm } from '../../lib/use-server-form';
import { PageFrame } from '../../app/PageFrame';
import { alerts } from '../../app/alerts-store';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { RichText } from '../../ui/RichText';
import { SubmitActions } from '../../ui/SubmitActions';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';
import { FieldsSection } from './FieldsPreview';

type Relation = AdminProcessDetail['document']['group_relations'][number];

const RELATION_COLUMNS: DataColumn<Relation>[] = [
  { key: 'group', header: 'Group', render: (row) => row.community.name },
  { key: 'department', header: 'Department', render: (row) => row.department?.name ?? 'N/A' },
];

const FIELDS = [
  'title',
  'support_hours',
  'product_supported',
  'collaborate_email',
  'collaborate_cc_email',
  'escalation_instructions',
  'escalation_user_id',
  'alt_escalation_user_id',
  'escalation_alias',
] as const;

// Errors of the process update may come as document.{field}: the prefix is removed (spec 2 §5).
const FIELD_MAP = Object.fromEntries(FIELDS.map((field) => [`document.${field}`, field]));

/** /admin/inbound_process/{document_id}: Process Details (spec 2 "Process Details"). */
export function ProcessDetailsPage() {
  const { document_id: documentId = '' } = useParams();
  const detail = useAsync(() => call(adminProcessesApi.detail, { params: { documentId } }), [documentId]);

  return (
    <PageFrame title="Process Details">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={routePath('admin.inbound_process')}>Inbound Processes</Link>
      </nav>
      {detail.status === 'loading' && <p className="muted">Loading…</p>}
      {detail.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {detail.error}
        </p>
      )}
      {detail.status === 'ready' && <ProcessDetails detail={detail.data} />}
    </PageFrame>
  );
}

function ProcessDetails({ detail }: { detail: AdminProcessDetail }) {
  const { document } = detail;
  const type = document.settings.document_type;
  return (
    <>
      <ProcessSettingsForm detail={detail} />
      <section className="card" aria-labelledby="process-applies-title">
        <h2 id="process-applies-title">Applies To</h2>
        <DataTable
          caption="Applies To"
          columns={RELATION_COLUMNS}
          rows={document.group_relations}
          rowKey={(row) => row.id}
          emptyText="This process is not offered in any group yet."
        />
      </section>
      <FieldsSection document={document} />
      {type === 'default' && (
        <section className="card" aria-labelledby="process-static-title">
          <h2 id="process-static-title">Static Process</h2>
          <RichText html={document.static_document} />
        </section>
      )}
      {type !== 'parent' && (
        <p>
          <Link className="button button-secondary" to={routePath('admin.inbound_process.test', { id: document.id })}>
            View/Test Form
          </Link>
        </p>
      )}
    </>
  );
}

function ProcessSettingsForm({ detail }: { detail: AdminProcessDetail }) {
  const { document, users } = detail;
  const settings = document.settings;
  const userOptions = [
    { value: 0, label: MESSAGES.chooseOne },
    ...users.map((user) => ({ value: user.id, label: `${user.first_name} ${user.last_name} (${user.email})` })),
  ];
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(AdminProcessUpdateBody, {
    fields: FIELDS,
    fieldMap: FIELD_MAP,
    defaultValues: {
      title: settings.title,
      support_hours: settings.support_hours ?? '',
      product_supported: settings.product_supported ?? '',
      collaborate_email: settings.collaborate_email ?? '',
      collaborate_cc_email: settings.collaborate_cc_email ?? '',
      escalation_instructions: settings.escalation_instructions ?? '',
      escalation_user_id: settings.escalation_user_id,
      alt_escalation_user_id: settings.alt_escalation_user_id,
      escalation_alias: settings.escalation_alias ?? '',
    },
  });

  const onSubmit = submitWith(async (values) => {
    const answer = await withLoader(
      call(adminProcessesApi.update, { params: { documentId: document.id }, body: values }),
    );
    alerts.show(answer.message, 'success');
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <section className="card" aria-labelledby="process-settings-title">
        <h2 id="process-settings-title">{document.name}</h2>
        <TextField label="Process Name" error={errors.title} {...register('title')} />
        <div className="field">
          <span className="field-label">Type</span>
          <p className="process-type">{DOCUMENT_TYPE_ADMIN_LABELS[settings.document_type]}</p>
        </div>
        <TextField label="Support Hours" error={errors.support_hours} {...register('support_hours')} />
        <TextField label="Products Supported" error={errors.product_supported} {...register('product_supported')} />
        {settings.detailed && (
          <>
            <TextField
              label="To Email"
              type="email"
              error={errors.collaborate_email}
              {...register('collaborate_email')}
            />
            <TextField
              label="CC Email"
              hint="Separate several addresses with commas."
              error={errors.collaborate_cc_email}
              {...register('collaborate_cc_email')}
            />
          </>
        )}
      </section>
      {settings.detailed && (
        <section className="card" aria-labelledby="process-escalation-title">
          <h2 id="process-escalation-title">Escalation Details</h2>
          <TextAreaField
            label="Escalation Instructions"
            rows={6}
            error={errors.escalation_instructions}
            {...register('escalation_instructions')}
          />
          <div className="field-row">
            <SelectField
              label="Escalation User"
              options={userOptions}
              error={errors.escalation_user_id}
              {...register('escalation_user_id')}
            />
            <SelectField
              label="Alternate Escalation User"
              options={userOptions}
              error={errors.alt_escalation_user_id}
              {...register('alt_escalation_user_id')}
            />
          </div>
          <TextField
            label="Escalation Alias (optional)"
            type="email"
            error={errors.escalation_alias}
            {...register('escalation_alias')}
          />
        </section>
      )}
      <SubmitActions label="Update" busy={isSubmitting} />
    </form>
  );
}
