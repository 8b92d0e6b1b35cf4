import { useEffect } from 'react';
import { z } from 'zod';
import {
  ANSWER_REQUIRED_FIELDS,
  DEFAULT_ACCEPT_NOTE,
  DEFAULT_PHONE_COUNTRY_CODE,
  RespondBody,
  type PublicCaseResponse,
} from '@casebridge/contracts';
import { useSession } from '../../../app/session-store';
import { useServerForm } from '../../../lib/use-server-form';
import { TextField } from '../../../ui/fields';
import { PhoneField, phoneWithCode } from '../../../ui/PhoneField';
import { RequiredAnnouncer, RequiredLegend } from '../../../ui/RequiredNotes';
import { AnswerTextArea } from './AnswerTextArea';
import { useSendResponse } from './send-response';

// The phone's country code is a form-only field: the api takes 'countrycode: number' in engineer_phone.
const RespondForm$ = RespondBody.extend({ engineer_phone_country: z.string().optional() });

const FIELDS = [
  'status',
  'case_number',
  'engineer_name',
  'engineer_email',
  'engineer_phone',
  'reviewer_name',
  'reviewer_email',
  'next_steps',
] as const;

interface RespondFormProps {
  token: string;
  allowed: PublicCaseResponse['allowed'];
  /** After the answer was accepted (the case itself updates from its live entry). */
  onSent?: () => void;
}

/** What the text box asks for, by the answer chosen. */
const TEXT_LABELS = {
  accepted: 'Next Steps',
  information: 'What information do you need?',
  rejected: 'Reason for rejecting',
} as const;

/**
 * The receiving engineer's answer: accept, ask for information or reject. Signed in, the engineer's fields start
 * with the user's own name, e-mail and phone (editable): whoever answers is somebody in particular.
 */
export function RespondForm({ token, allowed, onSent }: RespondFormProps) {
  const user = useSession((state) => state.user);
  const {
    register,
    submitWith,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useServerForm(RespondForm$, {
    fields: FIELDS,
    defaultValues: {
      status: 'accepted',
      next_steps: DEFAULT_ACCEPT_NOTE,
      engineer_phone_country: user?.phone_country_code ?? DEFAULT_PHONE_COUNTRY_CODE,
      ...(user
        ? {
            engineer_name: `${user.first_name} ${user.last_name}`.trim(),
            engineer_email: user.email,
            engineer_phone: user.phone ?? '',
          }
        : {}),
    },
  });
  const status = watch('status');
  const accepting = status === 'accepted';
  const answer = status === 'information' || status === 'rejected' ? status : 'accepted';
  // What the api requires of this answer, marked from the start; a change of answer announces the new ones.
  const required = new Set<string>(ANSWER_REQUIRED_FIELDS[answer]);
  const requiredLabels = accepting ? ['Engineer Name', 'Engineer Email'] : [TEXT_LABELS[answer]];

  // The default accept note only makes sense for an acceptance: swap it in and out with the choice.
  useEffect(() => {
    const text = getValues('next_steps') ?? '';
    if (accepting && !text.trim()) setValue('next_steps', DEFAULT_ACCEPT_NOTE);
    if (!accepting && text === DEFAULT_ACCEPT_NOTE) setValue('next_steps', '');
  }, [accepting, getValues, setValue]);

  const sendResponse = useSendResponse(token, onSent);
  const onSubmit = submitWith(async ({ engineer_phone_country, ...values }) => {
    const body = accepting
      ? { ...values, engineer_phone: phoneWithCode(engineer_phone_country, values.engineer_phone) }
      : { status: values.status, next_steps: values.next_steps };
    await sendResponse(body);
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="respond-form-title">
      <h2 id="respond-form-title">Your Response</h2>
      <RequiredLegend />
      <fieldset className="choice-group">
        <legend>Response</legend>
        <label className="choice">
          <input type="radio" value="accepted" {...register('status')} /> Accept
        </label>
        {allowed.request_information && (
          <label className="choice">
            <input type="radio" value="information" {...register('status')} /> Request Information
          </label>
        )}
        {allowed.reject && (
          <label className="choice">
            <input type="radio" value="rejected" {...register('status')} /> Reject
          </label>
        )}
      </fieldset>
      <RequiredAnnouncer labels={requiredLabels} />
      {accepting && (
        <>
          <div className="field-row">
            <TextField
              label="Engineer Name"
              aria-required={required.has('engineer_name')}
              error={errors.engineer_name}
              {...register('engineer_name')}
            />
            <TextField
              label="Engineer Email"
              type="email"
              aria-required={required.has('engineer_email')}
              error={errors.engineer_email}
              {...register('engineer_email')}
            />
          </div>
          <PhoneField
            label="Engineer Phone"
            codeProps={register('engineer_phone_country')}
            numberProps={register('engineer_phone')}
            currentCode={watch('engineer_phone_country')}
            error={errors.engineer_phone}
          />
          <div className="field-row">
            <TextField label="Reviewer Name" error={errors.reviewer_name} {...register('reviewer_name')} />
            <TextField
              label="Reviewer Email"
              type="email"
              error={errors.reviewer_email}
              {...register('reviewer_email')}
            />
          </div>
          <TextField label="Your Case Number" error={errors.case_number} {...register('case_number')} />
        </>
      )}
      <AnswerTextArea
        label={TEXT_LABELS[answer]}
        required={required.has('next_steps')}
        rows={5}
        error={errors.next_steps}
        registration={register('next_steps')}
        submitLabel="Send Response"
        busy={isSubmitting}
      />
    </form>
  );
}
