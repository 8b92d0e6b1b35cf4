import { Link } from 'react-router-dom';
import { routePath, type EmailTemplateRow } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { PageFrame } from '../../app/PageFrame';
import { queryErrorText, useApiQuery } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { formatBackOfficeDate } from '../../lib/format';

const TYPE_LABELS: Record<string, string> = { system: 'Sent by the product', document: 'Process document' };

const COLUMNS: DataColumn<EmailTemplateRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => <Link to={routePath('super_admin.email_template.edit', { template_id: row.id })}>{row.name}</Link>,
  },
  { key: 'subject', header: 'Subject', render: (row) => row.subject },
  { key: 'type', header: 'Type', render: (row) => TYPE_LABELS[row.type] ?? row.type },
  { key: 'updated_at', header: 'Last Changed', render: (row) => formatBackOfficeDate(row.updated_at) },
];

/** /super_admin/email_templates: the mails the product sends; each opens its editor. */
export function EmailTemplatesPage() {
  const list = useApiQuery(API.superAdminEmailTemplates.list);
  return (
    <PageFrame title="Email Templates">
      <section className="card">
        <p className="muted">
          Subjects and bodies use placeholders such as <code>{'{{first_name}}'}</code>, filled in when a mail is sent.
        </p>
        {list.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(list.error)}
          </p>
        )}
        <DataTable
          caption="Email templates"
          columns={COLUMNS}
          rows={list.data?.templates ?? []}
          rowKey={(row) => row.id}
          loading={list.isPending}
          emptyText="No email templates."
          utcNote
        />
      </section>
    </PageFrame>
  );
}
