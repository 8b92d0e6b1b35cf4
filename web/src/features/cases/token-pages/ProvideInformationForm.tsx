import { useState } from 'react';
import { MESSAGES, RespondBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { filesErrorOf } from '../../../lib/files';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { AttachmentPicker, formWithFiles } from '../../../ui/AttachmentPicker';
import { AnswerTextArea } from './AnswerTextArea';
import { useSendResponse } from './send-response';

/**
 * The answer to an information request, sent with status information-reply; files asked for (a support bundle,
 * logs) go in the same request, so the answer and its files are stored together or not at all.
 */
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
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();

  const sendResponse = useSendResponse(token, onSent);
  const sendWithFiles = useApiMutation(API.cases.respond, {
    loader: true,
    handlesErrors: true,
    success: MESSAGES.responseSent,
    onSuccess: () => onSent(),
  });
  const onSubmit = submitWith(async (values) => {
    if (!values.additional_information) {
      setError('additional_information', { type: 'required', message: 'Please provide the requested information.' });
      return;
    }
    const body = { status: 'information-reply' as const, additional_information: values.additional_information };
    setFilesError(undefined);
    if (files.length === 0) {
      await sendResponse(body);
      return;
    }
    try {
      await sendWithFiles.mutateAsync({ params: { token }, form: formWithFiles(body, files) });
    } catch (error) {
      setFilesError(filesErrorOf(error));
      throw error;
    }
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="info-form-title">
      <h2 id="info-form-title">Your Answer</h2>
      <RequiredLegend />
      <AnswerTextArea
        label="Additional Information"
        required
        rows={6}
        error={errors.additional_information}
        registration={register('additional_information')}
        submitLabel="Send Information"
        busy={isSubmitting}
        beforeSubmit={<AttachmentPicker label="Attach files" files={files} onChange={setFiles} error={filesError} />}
      />
    </form>
  );
}
