import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '@casebridge/contracts';
import { TextAreaField } from '../../../ui/fields';
import type { FieldError } from '../../../ui/form-parts';
import { SubmitActions } from '../../../ui/SubmitActions';

interface AnswerTextAreaProps {
  label: string;
  /** Marked as required (the api's ANSWER_REQUIRED_FIELDS for the answer). */
  required?: boolean;
  rows: number;
  error?: FieldError;
  registration: UseFormRegisterReturn;
  submitLabel: string;
  busy: boolean;
  /** Shown between the text and the send button (the reply's files). */
  beforeSubmit?: ReactNode;
}

/** The free-text answer that closes both public answer forms, capped at the api's text limit, and its send button. */
export function AnswerTextArea(props: AnswerTextAreaProps) {
  const { label, required, rows, error, registration, submitLabel, busy, beforeSubmit } = props;
  return (
    <>
      <TextAreaField
        label={label}
        rows={rows}
        maxLength={LIMITS.textMax}
        aria-required={required || undefined}
        error={error}
        {...registration}
      />
      {beforeSubmit}
      <SubmitActions label={submitLabel} busy={busy} />
    </>
  );
}
