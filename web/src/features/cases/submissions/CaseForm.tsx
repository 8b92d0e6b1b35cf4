import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CaseSubmissionBody,
  DEFAULT_PHONE_COUNTRY_CODE,
  PRIORITIES,
  PRIORITY_LABELS,
  routePath,
  type ContactDocumentShape,
  type DocumentsResponse,
  type Priority,
  type ResponseOf,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { applyServerChecks } from '../../../lib/form-errors';
import { useApiMutation, type ApiTarget } from '../../../lib/mutations';
import { reportFormError } from '../../../lib/use-server-form';
import { useSession } from '../../../app/session-store';
import { PhoneField, phoneDigits, phoneWithCode } from '../../../ui/PhoneField';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { withLoader } from '../../../ui/modal-store';
import { RequestSent } from './RequestSent';
import { RequirementSections } from './RequirementSections';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { AttachmentPicker, formWithFiles } from '../../../ui/AttachmentPicker';
import { filesErrorOf } from '../../../lib/files';
import { customPayload, fieldName, type FormValues } from './requirements';
import { sampleValues } from './sample-values';
import './submit-case.css';

// The fixed part of the form is checked in the browser; custom fields are checked by the server (422 under each).
const CaseFormSchema = z.looseObject({
  first_name: CaseSubmissionBody.shape.first_name,
  last_name: CaseSubmissionBody.shape.last_name,
  email: CaseSubmissionBody.shape.email,
  phone_number: CaseSubmissionBody.shape.phone_number,
  phone_country_code: CaseSubmissionBody.shape.phone_country_code,
  internal_case_number: CaseSubmissionBody.shape.internal_case_number,
  problem_summary: CaseSubmissionBody.shape.problem_summary,
  problem_description: CaseSubmissionBody.shape.problem_description,
  case_priority: CaseSubmissionBody.shape.case_priority,
  update_profile: z.boolean().optional(),
});

const BASE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'internal_case_number',
  'problem_summary',
  'problem_description',
  'case_priority',
];

// Highest first, as engineers read them: P1, P2, P3.
const PRIORITY_OPTIONS = [...PRIORITIES].reverse().map((value) => ({ value, label: PRIORITY_LABELS[value] }));

export interface CaseTarget {
  type: 'company' | 'department';
  entityId: number;
}

interface CaseFormProps {
  document: ContactDocumentShape;
  target: CaseTarget;
  priority: Pick<DocumentsResponse, 'priority_messages' | 'priority_locked'>;
  /**
   * Where the request goes: the member call by default; the admin's View/Test Form sends a sample instead (same
   * body and answer, nothing stored).
   */
  sendTo?: ApiTarget<typeof API.documents.collaborate>;
  /** Every submission is a sample (View/Test Form). */
  sampleOnly?: boolean;
  /** What Request Sent offers afterwards (default: the case and the dashboard). */
  sentActions?: ReactNode;
}

type Sent = ResponseOf<typeof API.documents.collaborate>;

/** The full case form of ticket, solution_support and json documents; Request Sent replaces it after success. */
export function CaseForm({ document, target, priority, sendTo, sampleOnly = false, sentActions }: CaseFormProps) {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const [sent, setSent] = useState<Sent | null>(null);
  const [sampleFilled, setSample] = useState(false);
  // Files go in the same request as the submission (the admin's test form checks them and keeps nothing).
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const sample = sampleOnly || sampleFilled;
  const requirements = [...document.common_customer_section, ...document.problem_section, ...document.contact_section];

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(CaseFormSchema) as unknown as Resolver<FormValues>,
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone_number: user?.phone ?? '',
      phone_country_code: user?.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
      case_priority: 'low',
      update_profile: false,
    },
  });
  const idempotency = useIdempotencyKey();
  const values = useWatch({ control }) as FormValues;
  const chosenPriority = (priority.priority_locked ? 'low' : values.case_priority) as Priority;
  const priorityMessage = priority.priority_messages?.[chosenPriority] ?? null;

  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const bodyOf = (values: FormValues): CaseSubmissionBody => {
    const code = String(values.phone_country_code ?? DEFAULT_PHONE_COUNTRY_CODE);
    const phone = phoneWithCode(code, text(values.phone_number));
    return {
      first_name: text(values.first_name),
      last_name: text(values.last_name),
      email: text(values.email),
      phone_number: phone,
      phone_country_code: code,
      only_numbers: phone ? phoneDigits(text(values.phone_number)) : null,
      internal_case_number: text(values.internal_case_number),
      problem_summary: text(values.problem_summary),
      problem_description: text(values.problem_description),
      case_priority: chosenPriority,
      update_profile: values.update_profile === true,
      company_name: document.company.name,
      department: document.department?.name ?? null,
      collaborate_type: target.type,
      collaborate_entity: target.entityId,
      sample_submission: sample,
      ...customPayload(requirements, values),
    };
  };
  const serverFields = [...BASE_FIELDS, ...requirements.map(fieldName)];
  const destination = sendTo ?? { endpoint: API.documents.collaborate, params: { documentId: document.id } };
  // The browser checks the fixed fields only; the process's own fields are the server's, asked check-only (the
  // test form's call stores nothing anyway), so one Submit shows both.
  const checkOnServer = (body: CaseSubmissionBody) =>
    call(destination.endpoint, { params: destination.params, body, checkOnly: !sendTo });

  const submit = useApiMutation(destination.endpoint, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      idempotency.renew();
      // A stored case's Request Sent view lives at its own address (a reload keeps it); a sample or the admin's
      // test form shows it in place.
      if (!sendTo && answer.case.token !== '' && !answer.case.is_sample) {
        alerts.flash(answer.message, 'success');
        void navigate(routePath('case-sent', { token: answer.case.token }));
        return;
      }
      setSent(answer);
      window.scrollTo({ top: 0 });
    },
    handlesErrors: true,
    onError: (error) => {
      setFilesError(filesErrorOf(error));
      reportFormError(error, setError, serverFields);
    },
  });
  const onSubmit = handleSubmit(
    // Only the member call is done once per key; a test sample stores nothing.
    (valid) => {
      setFilesError(undefined);
      const body = bodyOf(valid);
      const withFiles = files.length > 0;
      submit.mutate({
        params: destination.params,
        ...(withFiles ? { form: formWithFiles({ payload: JSON.stringify(body) }, files) } : { body }),
        idempotencyKey: sendTo ? undefined : idempotency.key,
      });
    },
    async (browserErrors) => {
      const body = bodyOf(getValues());
      await applyServerChecks(() => checkOnServer(body), setError, serverFields, Object.keys(browserErrors));
    },
  );

  const fillSample = async () => {
    const filled = await withLoader(sampleValues(requirements));
    for (const [name, value] of Object.entries(filled)) setValue(name, value, { shouldDirty: true });
    setSample(true);
  };

  if (sent) return <RequestSent submitted={sent.case} actions={sentActions} />;

  const errorOf = (name: string) => errors[name]?.message as string | undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="case-form">
      {sample && (
        <div className="notice notice-warning" role="status">
          This will be sent as a sample submission (a test of the process).
        </div>
      )}
      <RequiredLegend />
      <fieldset className="form-section">
        <legend>Engineer Contact</legend>
        <div className="field-row">
          <TextField
            label="First Name"
            aria-required
            autoComplete="given-name"
            error={errorOf('first_name')}
            {...register('first_name')}
          />
          <TextField
            label="Last Name"
            aria-required
            autoComplete="family-name"
            error={errorOf('last_name')}
            {...register('last_name')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          aria-required
          error={errorOf('email')}
          {...register('email')}
        />
        <PhoneField
          label="Phone"
          placeholder="Enter Phone (Optional)"
          error={errorOf('phone_number')}
          currentCode={String(values.phone_country_code ?? '')}
          codeProps={register('phone_country_code')}
          numberProps={register('phone_number')}
        />
        <CheckboxField label="Save these contact details to my profile" {...register('update_profile')} />
      </fieldset>

      <fieldset className="form-section">
        <legend>Problem</legend>
        <TextField
          label="Internal Case Number"
          aria-required
          placeholder="Enter Internal Case Number"
          error={errorOf('internal_case_number')}
          {...register('internal_case_number')}
        />
        <TextField
          label="Problem Summary"
          aria-required
          placeholder="Enter Problem Summary"
          error={errorOf('problem_summary')}
          {...register('problem_summary')}
        />
        <TextAreaField
          label="Problem Description"
          aria-required
          rows={6}
          placeholder="Enter Problem Description"
          error={errorOf('problem_description')}
          {...register('problem_description')}
        />
        <SelectField
          label="Priority"
          options={PRIORITY_OPTIONS}
          error={errorOf('case_priority')}
          disabled={priority.priority_locked}
          {...register('case_priority')}
        />
        {priority.priority_locked && (
          <p className="field-hint">Your membership level sends every request with priority P3.</p>
        )}
        {priorityMessage && <p className="notice priority-message">{priorityMessage}</p>}
      </fieldset>

      <RequirementSections
        document={document}
        requirements={requirements}
        register={register}
        values={values}
        errorOf={errorOf}
      />

      <fieldset className="form-section">
        <legend>Attachments</legend>
        <AttachmentPicker label="Attach files" files={files} onChange={setFiles} error={filesError} />
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting || submit.isPending}>
          Submit
        </button>
        <button type="button" className="button button-secondary" onClick={() => void fillSample()}>
          Sample Submission
        </button>
      </div>
    </form>
  );
}
