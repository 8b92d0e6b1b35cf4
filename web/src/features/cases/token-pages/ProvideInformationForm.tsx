import { RespondBody } from '@casebridge/contracts';
import { useServerForm } from '../../../lib/use-server-form';
import { AnswerTextArea } from './AnswerTextArea';
import { useSendResponse } from './send-response';

/** The answer to an information request, sent with status information-reply. */
export function ProvideInformationForm({ token, onSent }: { token: string; onSent: () => void }) {
  const {
    register,
    setError,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(RespondBody, {
    defaultValues: { status: 'information-reply', additional_information: '' },
    fields: ['additional_information'],
  });

  const sendResponse = useSendResponse(token, onSent);
  const onSubmit = submitWith(async (values) => {
    if (!values.additional_information) {
      setError('additional_information', { type: 'required', message: 'Please provide the requested information.' });
      return;
    }
    const body = { status: 'information-reply' as const, additional_information: values.additional_information };
    await sendResponse(body);
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="info-form-title">
      <h2 id="info-form-title">Your Answer</h2>
      <AnswerTextArea
        label="Additional Information"
        required
        rows={6}
        error={errors.additional_information}
        registration={register('additional_information')}
        submitLabel="Send Information"
        busy={isSubmitting}
      />
    </form>
  );
}
