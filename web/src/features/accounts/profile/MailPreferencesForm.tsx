import {
  MAIL_KINDS,
  MailPreferencesBody,
  type MailDelivery,
  type MailPreferencesResponse,
  type MailPreferenceRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { FieldError, UseFormRegister } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/mutations';
import { apiKey, queryErrorText, useApiQuery } from '../../../lib/queries';
import { useServerForm } from '../../../lib/use-server-form';
import { errorText, SelectField } from '../../../ui/fields';
import { SubmitActions } from '../../../ui/SubmitActions';

const CHOICES: { value: MailDelivery; label: string }[] = [
  { value: 'immediate', label: 'Immediately' },
  { value: 'digest', label: 'Daily digest' },
  { value: 'off', label: 'Not at all' },
];

const FIELDS = ['time_zone', ...MAIL_KINDS.map((kind) => `preferences.${kind}` as const)] as const;

/** Every zone the browser knows, the user's current one first when it is not UTC. */
function timeZoneOptions(current: string | null): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = current && !zones.includes(current) ? [current, ...zones] : zones;
  return names.filter((zone) => zone !== 'UTC').map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** The profile's mail preferences (GET/PUT users/mail-preferences): one row per kind of mail, three choices. */
export function MailPreferencesForm() {
  const preferences = useApiQuery(API.mailPreferences.get);
  return (
    <section className="card" aria-labelledby="mail-preferences-title">
      <h2 id="mail-preferences-title">E-mail Preferences</h2>
      {preferences.data ? (
        <PreferencesForm current={preferences.data} />
      ) : (
        <p className="muted">{preferences.isError ? queryErrorText(preferences.error) : 'Loading…'}</p>
      )}
    </section>
  );
}

function PreferencesForm({ current }: { current: MailPreferencesResponse }) {
  const queryClient = useQueryClient();
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(MailPreferencesBody, {
    defaultValues: {
      time_zone: current.time_zone ?? '',
      preferences: Object.fromEntries(current.preferences.map((row) => [row.kind, row.delivery])),
    },
    fields: FIELDS,
  });
  const save = useApiMutation(API.mailPreferences.update, {
    handlesErrors: true,
    success: 'Your e-mail preferences are saved.',
    // The answer is the new state: it replaces the cached one, nothing is read again.
    onSuccess: (answer) => queryClient.setQueryData(apiKey(API.mailPreferences.get), answer),
  });
  const onSubmit = submitWith((values) =>
    save.mutateAsync({ body: { ...values, time_zone: values.time_zone || null } }),
  );
  const rowErrors = (errors.preferences ?? {}) as Record<string, FieldError | undefined>;

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="muted">
        Choose how you hear about the cases you watch. The daily digest lists what you have not read yet and arrives
        after 7:00 in the morning of your time zone.
      </p>
      <SelectField
        label="Time zone"
        placeholder="UTC"
        options={timeZoneOptions(current.time_zone)}
        error={errors.time_zone}
        {...register('time_zone')}
      />
      <table className="table mail-preferences">
        <thead>
          <tr>
            <th scope="col">Mail</th>
            {CHOICES.map((choice) => (
              <th scope="col" key={choice.value}>
                {choice.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {current.preferences.map((row) => (
            <PreferenceRow key={row.kind} row={row} register={register} error={errorText(rowErrors[row.kind])} />
          ))}
        </tbody>
      </table>
      <SubmitActions label="Save Preferences" busy={isSubmitting} className="button button-secondary" />
    </form>
  );
}

function PreferenceRow({
  row,
  register,
  error,
}: {
  row: MailPreferenceRow;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's input type is the contract's loose record
  register: UseFormRegister<any>;
  error?: string;
}) {
  const noteId = `mail-kind-${row.kind}-note`;
  return (
    <tr>
      <th scope="row">
        <span id={`mail-kind-${row.kind}`}>{row.label}</span>
        <div className="muted small" id={noteId}>
          {row.locked ? row.locked_reason : row.description}
        </div>
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
      </th>
      {CHOICES.map((choice) => {
        // A locked kind shows its one choice checked and nothing to change.
        const offered = row.deliveries.includes(choice.value) && !row.locked;
        const shown = { name: `preferences.${row.kind}`, checked: choice.value === row.delivery, readOnly: true };
        return (
          <td key={choice.value}>
            <input
              type="radio"
              value={choice.value}
              aria-label={`${row.label}: ${choice.label}`}
              aria-describedby={noteId}
              disabled={!offered}
              {...(offered ? register(`preferences.${row.kind}`) : shown)}
            />
          </td>
        );
      })}
    </tr>
  );
}
