import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  EmailTemplateBody,
  routePath,
  type EmailTemplateDetail,
  type EmailTemplatePreview as Preview,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { PageFrame } from '../../app/PageFrame';
import { useApiMutation } from '../../lib/mutations';
import { apiKey, queryClient, useApiQuery } from '../../lib/queries';
import { useRunOnce } from '../../lib/use-run-once';
import { reportFormError, useServerForm } from '../../lib/use-server-form';
import { CheckboxField, TextAreaField, TextField } from '../../ui/fields';
import { RichTextControl } from '../../ui/RichTextEditor';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { SubmitActions } from '../../ui/SubmitActions';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { EmailTemplatePreview } from './EmailTemplatePreview';
import { QueryStatus } from '../../ui/QueryStatus';

type Values = { subject: string; body: string };
const noop = () => undefined;
const FIELDS = ['subject', 'body'] as const;

/** /super_admin/email_templates/{template_id}: subject and body of one mail, with a preview. */
export function EmailTemplateEditPage() {
  const { template_id: id = '' } = useParams();
  const loaded = useApiQuery(API.superAdminEmailTemplates.get, { params: { id } });

  return (
    <PageFrame title={loaded.data ? loaded.data.template.name : 'Email Template'}>
      <Breadcrumbs
        trail={[{ label: 'Email Templates', to: routePath('super_admin.email_templates') }]}
        current={loaded.data?.template.name ?? 'Email Template'}
      />
      <QueryStatus query={loaded} />
      {loaded.data && (
        <TemplateForm
          key={loaded.data.template.id}
          initial={loaded.data.template}
          // The answer of a save is the stored template: this page's read takes it as is.
          onSaved={(template) =>
            queryClient.setQueryData(apiKey(API.superAdminEmailTemplates.get, { id }), { template })
          }
        />
      )}
    </PageFrame>
  );
}

function TemplateForm({
  initial,
  onSaved,
}: {
  initial: EmailTemplateDetail;
  onSaved: (template: EmailTemplateDetail) => void;
}) {
  const [template, setTemplate] = useState(initial);
  const [htmlSource, setHtmlSource] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useServerForm<Values, Values>(EmailTemplateBody, {
    defaultValues: { subject: initial.subject, body: initial.body },
    fields: FIELDS,
  });
  const { register, control, formState, getValues, setError, reset, submitWith } = form;

  // A preview renders whatever the form holds (typed or stored): a one-shot request, not a cached read. The last
  // preview stays shown while the next one renders or if it fails.
  const render = useApiMutation(API.superAdminEmailTemplates.preview, {
    onSuccess: (answer) => setPreview(answer.preview),
    handlesErrors: true,
    onError: (error) => reportFormError(error, setError, FIELDS),
  });
  const previewing = render.isPending;
  const showPreview = (values: Values) =>
    render.mutateAsync({ params: { id: template.id }, body: values }).then(noop, noop);

  // The stored version's preview on arrival.
  useRunOnce(() => showPreview({ subject: initial.subject, body: initial.body }));

  const save = useApiMutation(API.superAdminEmailTemplates.save, {
    handlesErrors: true,
    // The list shows its subject and date; the process editor offers templates by name.
    invalidates: [API.superAdminEmailTemplates.list, API.superAdminDocuments.formData],
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      onSaved(answer.template);
      setTemplate(answer.template);
      // The server's sanitized body replaces what was typed, so the editor shows what is stored.
      reset({ subject: answer.template.subject, body: answer.template.body });
      return showPreview({ subject: answer.template.subject, body: answer.template.body });
    },
  });
  const onSubmit = submitWith((values) => save.mutateAsync({ params: { id: template.id }, body: values }));

  return (
    <div className="two-columns">
      <form className="card stack" onSubmit={onSubmit} noValidate aria-label="Email template">
        <p className="muted">
          Sent as <code>{template.slug}</code>. Placeholders are written <code>{'{{name}}'}</code>.
        </p>
        <RequiredLegend />
        <TextField label="Subject" aria-required {...register('subject')} error={formState.errors.subject} />
        <CheckboxField
          label="Edit the HTML source"
          checked={htmlSource}
          onChange={(event) => setHtmlSource(event.target.checked)}
        />
        {htmlSource ? (
          <TextAreaField label="Body" rows={14} aria-required {...register('body')} error={formState.errors.body} />
        ) : (
          <RichTextControl control={control} name="body" label="Body" required />
        )}
        <PlaceholderList template={template} />
        <SubmitActions label="Save" busy={formState.isSubmitting}>
          <button
            type="button"
            className="button button-secondary"
            disabled={previewing}
            onClick={() => void showPreview(getValues())}
          >
            Preview
          </button>
        </SubmitActions>
      </form>
      <EmailTemplatePreview preview={preview} busy={previewing} />
    </div>
  );
}

function PlaceholderList({ template }: { template: EmailTemplateDetail }) {
  return (
    <details>
      <summary>Placeholders this mail can use</summary>
      <dl className="placeholder-list">
        {template.variables.map((variable) => (
          <div key={variable.name}>
            <dt>
              <code>{`{{${variable.name}}}`}</code>
            </dt>
            <dd>{variable.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
