import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { caseApi, LIMITS, MESSAGES, RespondBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { TextAreaField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type InfoInput = z.input<typeof RespondBody>;
type InfoValues = z.output<typeof RespondBody>;

/** The answer to an information request, sent with status information-reply (spec 3 §2.14). */
export function ProvideInformationForm({ token, onSent }: { token: string; onSent: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InfoInput, unknown, InfoValues>({
    resolver: zodResolver(RespondBody),
    defaultValues: { status: 'information-reply', additional_information: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!values.additional_information) {
      setError('additional_information', { type: 'required', message: 'Please provide the requested information.' });
      return;
    }
    try {
      const body = { status: 'information-reply' as const, additional_information: values.additional_information };
      await withLoader(call(caseApi.respond, { params: { token }, body }));
      alerts.show(MESSAGES.responseSent, 'success');
      onSent();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['additional_information'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="info-form-title">
      <h2 id="info-form-title">Your Answer</h2>
      <TextAreaField
        label="Additional Information"
        rows={6}
        maxLength={LIMITS.textMax}
        error={errors.additional_information}
        {...register('additional_information')}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Send Information
        </button>
      </div>
    </form>
  );
}
