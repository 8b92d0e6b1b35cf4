import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  routePath,
  SSO_ENTITY_URL_HINT,
  SSO_IDENTITY_FILE_FIELD,
  SSO_SETTINGS_SAVED,
  SsoSettingsBody,
  type SsoSettings,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { showErrorAlert } from '../../../lib/mutation-errors';
import { useApiMutation } from '../../../lib/mutations';
import { apiKey, queryClient } from '../../../lib/queries';
import { useServerForm } from '../../../lib/use-server-form';
import { RichTextEditor } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextField } from '../../../ui/fields';
import { IdentityFileField } from './IdentityFileField';
import { MetadataAddress } from './MetadataAddress';

const FIELDS = [
  'sso_identity_source',
  'sso_idp_entity_url',
  'sso_idp_federation_url',
  'sso_idp_logout_url',
  'sso_login_section',
  'sso_registration_section',
] as const;

const SOURCE_LABELS = { url: 'Url', file: 'File' } as const;

/** The settings form: identity source, IdP addresses, our metadata address and the landing-page texts. */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const navigate = useNavigate();
  const sourceId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const {
    register,
    control,
    watch,
    setError,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(SsoSettingsBody, {
    defaultValues: {
      sso_identity_source: settings.sso_identity_source,
      sso_idp_entity_url: settings.sso_idp_entity_url ?? '',
      sso_idp_federation_url: settings.sso_idp_federation_url ?? '',
      sso_idp_logout_url: settings.sso_idp_logout_url ?? '',
      sso_login_section: settings.sso_login_section ?? '',
      sso_registration_section: settings.sso_registration_section ?? '',
    },
    fields: FIELDS,
  });
  const source = watch('sso_identity_source');

  const showSaveError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 413) {
      // The server's text names the configured size limit.
      alerts.show(error.message, 'danger');
    } else if (error instanceof ApiError && error.status === 422) {
      applyServerErrors(error, setError, FIELDS);
      setFileError(error.fieldErrors[SSO_IDENTITY_FILE_FIELD]);
      alerts.show(MESSAGES.submissionError, 'warning');
    } else {
      showErrorAlert(error);
    }
  };

  const save = useApiMutation(API.adminSso.save, {
    loader: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || SSO_SETTINGS_SAVED, 'success');
      // The answer is the stored settings: the next visit shows them without asking again.
      queryClient.setQueryData(apiKey(API.adminSso.settings), { company: answer.company });
      void navigate(routePath('admin.company'));
    },
    handlesErrors: true,
    onError: showSaveError,
  });
  const onSubmit = submitWith(async (values) => {
    setFileError(undefined);
    const form = new FormData();
    for (const field of FIELDS) form.append(field, values[field] ?? '');
    if (values.sso_identity_source === 'file' && file) form.append(SSO_IDENTITY_FILE_FIELD, file, file.name);
    save.mutate({ form });
  });

  return (
    <form className="card narrow-form" onSubmit={onSubmit} noValidate>
      <fieldset className={errors.sso_identity_source ? 'field field-invalid' : 'field'}>
        <legend id={sourceId}>Identity Source</legend>
        <div className="choice-group">
          {(['url', 'file'] as const).map((value) => (
            <label key={value} className="choice">
              <input type="radio" value={value} {...register('sso_identity_source')} /> {SOURCE_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.sso_identity_source && (
          <div className="field-error" role="alert">
            {errors.sso_identity_source.message}
          </div>
        )}
      </fieldset>
      {source === 'file' ? (
        <IdentityFileField storedName={settings.sso_identity_file} error={fileError} onChange={setFile} />
      ) : (
        <TextField
          label="Entity Url"
          type="url"
          placeholder="https://"
          hint={SSO_ENTITY_URL_HINT}
          error={errors.sso_idp_entity_url}
          {...register('sso_idp_entity_url')}
        />
      )}
      <TextField
        label="Federation Url"
        type="url"
        placeholder="https://"
        hint="Where authentication requests are sent."
        error={errors.sso_idp_federation_url}
        {...register('sso_idp_federation_url')}
      />
      <TextField
        label="Logout Url"
        type="url"
        placeholder="https://"
        hint="Where logout requests are sent."
        error={errors.sso_idp_logout_url}
        {...register('sso_idp_logout_url')}
      />
      <MetadataAddress url={settings.metadata_url} />
      <Controller
        control={control}
        name="sso_login_section"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label="Login Section"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error}
          />
        )}
      />
      <Controller
        control={control}
        name="sso_registration_section"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label="Register Section"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error}
          />
        )}
      />
      <SubmitActions
        label="Save Settings"
        busy={isSubmitting || save.isPending}
        cancelTo={routePath('admin.company')}
      />
    </form>
  );
}
