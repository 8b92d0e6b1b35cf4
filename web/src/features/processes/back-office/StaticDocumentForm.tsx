import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { SuperAdminDocument } from '@casebridge/contracts';
import { useServerForm } from '../../../lib/use-server-form';
import { RichTextControl } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextAreaField } from '../../../ui/fields';
import { DocumentCommonFields } from './DocumentCommonFields';
import { STATIC_FIELDS, StaticFormSchema, staticDefaults } from './document-form-schema';
import { useSaveDocument } from './use-save-document';

interface StaticDocumentFormProps {
  companyId: number;
  document: SuperAdminDocument | null;
  children?: ReactNode;
}

/**
 * The static editor (default type): raw HTML with a live preview. The preview is a sandboxed frame that runs
 * nothing, so typed markup cannot act in the admin's page; the server sanitizes the HTML on save.
 */
export function StaticDocumentForm({ companyId, document, children }: StaticDocumentFormProps) {
  const save = useSaveDocument(companyId, document?.id ?? 0);
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(StaticFormSchema, {
    defaultValues: staticDefaults(document),
    fields: STATIC_FIELDS,
    errorAlert: 'danger',
  });
  const html = useWatch({ control, name: 'document_html' });

  return (
    <form onSubmit={submitWith(save)} noValidate>
      <section className="card" aria-labelledby="static-details-title">
        <h2 id="static-details-title">Process</h2>
        <DocumentCommonFields register={register} errors={errors} />
        <RichTextControl control={control} name="admin_note" label="Admin Note" />
      </section>
      <section className="card static-editor" aria-labelledby="static-html-title">
        <h2 id="static-html-title">Document</h2>
        <div className="static-editor-panes">
          <TextAreaField
            label="HTML"
            rows={18}
            spellCheck={false}
            className="static-editor-source"
            error={errors.document_html}
            {...register('document_html')}
          />
          <div className="field">
            <span className="field-label">Preview</span>
            <iframe className="static-editor-preview" title="Preview" sandbox="" srcDoc={html ?? ''} />
          </div>
        </div>
      </section>
      {children}
      <SubmitActions label="Save" busy={isSubmitting} />
    </form>
  );
}
