import type { ReactNode } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { MESSAGES, type ParentFormData, type SuperAdminDocument } from '@casebridge/contracts';
import { useServerForm } from '../../../lib/use-server-form';
import { RichTextControl } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { SelectField, TextField } from '../../../ui/fields';
import { TrashButton } from '../../../ui/TrashButton';
import { DocumentCommonFields } from './DocumentCommonFields';
import { PARENT_FIELDS, ParentFormSchema, parentDefaults } from './document-form-schema';
import { useSaveDocument } from './use-save-document';

interface ParentDocumentFormProps {
  companyId: number;
  document: SuperAdminDocument | null;
  choices: ParentFormData;
  children?: ReactNode;
}

/**
 * The parent editor: a chooser (variant name) whose rows lead to the company's processes. A stored row that is
 * deleted stays in the form with its deleted flag until the save (the server keeps it flagged); a new row is
 * simply dropped.
 */
export function ParentDocumentForm({ companyId, document, choices, children }: ParentDocumentFormProps) {
  const save = useSaveDocument(companyId, document?.id ?? 0);
  const {
    register,
    control,
    setValue,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ParentFormSchema, {
    defaultValues: parentDefaults(document),
    fields: PARENT_FIELDS,
    errorAlert: 'danger',
  });
  const rows = useFieldArray({ control, name: 'linkages' });
  const values = useWatch({ control, name: 'linkages' });
  const processes = [
    { value: '', label: MESSAGES.chooseOne },
    ...choices.documents.filter((doc) => doc.id !== document?.id).map((doc) => ({ value: doc.id, label: doc.name })),
  ];
  const remove = (index: number) => {
    if (Number(values?.[index]?.id ?? 0) > 0) setValue(`linkages.${index}.deleted`, true, { shouldDirty: true });
    else rows.remove(index);
  };

  return (
    <form onSubmit={submitWith(save)} noValidate>
      <section className="card" aria-labelledby="parent-details-title">
        <h2 id="parent-details-title">Process</h2>
        <DocumentCommonFields register={register} errors={errors} hours={false} />
        <TextField label="Variant Name" error={errors.parent_option_name} {...register('parent_option_name')} />
        <RichTextControl control={control} name="admin_note" label="Admin Note" />
      </section>
      <section className="card" aria-labelledby="parent-rows-title">
        <h2 id="parent-rows-title">Options</h2>
        {errors.linkages?.message && (
          <p className="field-error" role="alert">
            {errors.linkages.message}
          </p>
        )}
        <ol className="parent-rows">
          {rows.fields.map((row, index) =>
            values?.[index]?.deleted ? (
              <li key={row.id} className="parent-row parent-row-deleted">
                <span>
                  {values[index].option_name} <em>(deleted)</em>
                </span>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setValue(`linkages.${index}.deleted`, false, { shouldDirty: true })}
                >
                  Undo
                </button>
              </li>
            ) : (
              <li key={row.id} className="parent-row">
                <TextField
                  label={`Option ${index + 1}`}
                  error={errors.linkages?.[index]?.option_name}
                  {...register(`linkages.${index}.option_name`)}
                />
                <SelectField
                  label={`Inbound Process ${index + 1}`}
                  options={processes}
                  error={errors.linkages?.[index]?.contact_document_id}
                  {...register(`linkages.${index}.contact_document_id`)}
                />
                <TrashButton label={`Delete option ${index + 1}`} title="Delete" onClick={() => remove(index)} />
              </li>
            ),
          )}
        </ol>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => rows.append({ id: 0, option_name: '', contact_document_id: '', deleted: false })}
        >
          Add Row
        </button>
      </section>
      {children}
      <SubmitActions label="Save" busy={isSubmitting} />
    </form>
  );
}
