import { Controller } from 'react-hook-form';
import {
  MESSAGES,
  RegistrationSettingsBody,
  REQUIRES_APPROVAL_OPTIONS,
  type GroupOption,
  type RegistrationSettings,
} from '@casebridge/contracts';
import type { z } from 'zod';
import { useServerForm } from '../../../lib/use-server-form';
import { SubmitActions } from '../../../ui/SubmitActions';
import { SelectField } from '../../../ui/fields';
import { GroupAccessChecks, withAllGroups } from './GroupAccessChecks';

// An unchosen select must reach the schema as null, not as "".
const emptyToNull = (value: unknown) => (value === '' ? null : value);

export interface SignupManagerChoice {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

interface RegistrationSettingsFormProps {
  settings: RegistrationSettings;
  managers: readonly SignupManagerChoice[];
  groups: readonly GroupOption[];
  /** Saves the settings (the company admin's call, or the super admin's for one company). */
  onSave: (body: z.output<typeof RegistrationSettingsBody>) => Promise<unknown>;
  cancelTo: string;
}

/**
 * The registration settings form of the company admin and the back office: approval rule, signup managers
 * and default group access ("all" groups greyed out and always sent).
 */
export function RegistrationSettingsForm({
  settings,
  managers,
  groups,
  onSave,
  cancelTo,
}: RegistrationSettingsFormProps) {
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(RegistrationSettingsBody, {
    defaultValues: {
      requires_approval: settings.requires_approval,
      signup_manager_id: settings.signup_manager_id ?? '',
      alt_signup_manager_id: settings.alt_signup_manager_id,
      group_access: settings.communities,
    },
    fields: ['requires_approval', 'signup_manager_id', 'alt_signup_manager_id', 'group_access'],
  });
  const managerOptions = managers.map((manager) => ({
    value: manager.id,
    label: `${manager.first_name} ${manager.last_name} (${manager.email})`,
  }));

  const onSubmit = submitWith((values) =>
    onSave({ ...values, group_access: withAllGroups(groups, values.group_access) }),
  );

  return (
    <form className="card narrow-form" onSubmit={onSubmit} noValidate>
      <SelectField
        label="Requires Approval"
        options={REQUIRES_APPROVAL_OPTIONS}
        error={errors.requires_approval}
        {...register('requires_approval', { setValueAs: (value: unknown) => Number(value) })}
      />
      <SelectField
        label="Primary Signup Manager"
        placeholder={MESSAGES.chooseOne}
        options={managerOptions}
        error={errors.signup_manager_id}
        {...register('signup_manager_id')}
      />
      <SelectField
        label="Alternate Signup Manager (optional)"
        placeholder={MESSAGES.chooseOne}
        options={managerOptions}
        error={errors.alt_signup_manager_id}
        {...register('alt_signup_manager_id', { setValueAs: emptyToNull })}
      />
      <Controller
        control={control}
        name="group_access"
        render={({ field, fieldState }) => (
          <GroupAccessChecks
            legend="Default Group Access"
            groups={groups}
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            error={fieldState.error}
          />
        )}
      />
      <SubmitActions label="Save Settings" busy={isSubmitting} cancelTo={cancelTo} />
    </form>
  );
}
