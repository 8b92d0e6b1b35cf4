import type { UseFormReturn } from 'react-hook-form';
import {
  GROUP_ADDENDUM_FIELD,
  GROUP_BANNER_EXTENSIONS,
  GROUP_BANNER_FIELD,
  GROUP_STATUSES,
  GROUP_TYPE_LABELS,
  GROUP_TYPES,
  type SuperAdminGroup,
} from '@casebridge/contracts';
import { RichTextControl } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { GroupHostFields } from './GroupHostFields';
import type { GroupFormOutput, GroupFormValues } from './group-form-schema';

type GroupForm = UseFormReturn<GroupFormValues, unknown, GroupFormOutput>;

const TYPE_OPTIONS = GROUP_TYPES.map((type) => ({ value: type, label: GROUP_TYPE_LABELS[type] }));
const STATUS_OPTIONS = GROUP_STATUSES.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));
const PRIORITIES = [1, 2, 3] as const;

interface GroupFieldsProps {
  form: GroupForm;
  group: SuperAdminGroup | null;
  cancelTo: string;
}

/** Every field of the group form, in sections. */
export function GroupFields({ form, group, cancelTo }: GroupFieldsProps) {
  const {
    register,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isProgram = watch('type') === 'partner_program';
  const customSla = watch('custom_sla') === true;
  const teams = watch('msteams_integration') === true;
  const fileError = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name];

  return (
    <>
      <fieldset>
        <legend>Group</legend>
        <TextField label="Name" error={errors.name} {...register('name')} />
        <TextAreaField label="Description" rows={3} error={errors.description} {...register('description')} />
        <SelectField label="Type" options={TYPE_OPTIONS} error={errors.type} {...register('type')} />
        <SelectField label="Status" options={STATUS_OPTIONS} error={errors.status} {...register('status')} />
        <GroupHostFields form={form} />
      </fieldset>

      <fieldset>
        <legend>Partner Program</legend>
        {!isProgram && <p className="muted">Used when the type is Partner Program.</p>}
        <TextField
          label="Vhost"
          hint="The registration page address: lower-case letters, digits and dashes."
          error={errors.vhost}
          {...register('vhost')}
        />
        <TextField label="Host Email" type="email" error={errors.host_email} {...register('host_email')} />
        <TextField
          label="Price (one year, $)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          error={errors.price}
          {...register('price')}
        />
        <TextField
          label="Price (three years, $)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          error={errors.price_three_years}
          {...register('price_three_years')}
        />
        <TextField
          label="Registration Status Url"
          type="url"
          placeholder="https://"
          error={errors.registration_status_url}
          {...register('registration_status_url')}
        />
        <RichTextControl control={control} name="instructions" label="Instructions" />
        <TextAreaField
          label="Links"
          rows={3}
          placeholder="Program overview | https://example.com/overview"
          error={errors.links}
          {...register('links')}
        />
        <CheckboxField label="Force Addendum" error={errors.force_addendum} {...register('force_addendum')} />
        <TextField label="Addendum Name" error={errors.addendum_name} {...register('addendum_name')} />
        <TextField
          label="Addendum (PDF)"
          type="file"
          accept=".pdf,application/pdf"
          hint={group?.addendum ? 'An addendum is stored; a new file replaces it.' : 'A PDF file.'}
          error={fileError(GROUP_ADDENDUM_FIELD)}
          {...register(GROUP_ADDENDUM_FIELD)}
        />
        <TextField
          label="Group Banner"
          type="file"
          accept={GROUP_BANNER_EXTENSIONS.join(',')}
          hint={group?.banner_url ? 'A banner is stored; a new file replaces it.' : GROUP_BANNER_EXTENSIONS.join(' ')}
          error={fileError(GROUP_BANNER_FIELD)}
          {...register(GROUP_BANNER_FIELD)}
        />
      </fieldset>

      <fieldset>
        <legend>Service Levels</legend>
        <CheckboxField label="Custom SLA" error={errors.custom_sla} {...register('custom_sla')} />
        {customSla &&
          PRIORITIES.map((priority) => (
            <div key={priority} className="sla-row">
              <TextAreaField
                label={`P${priority} Message`}
                rows={2}
                error={errors[`p${priority}_message`]}
                {...register(`p${priority}_message`)}
              />
              <TextField
                label={`P${priority} Response Time (hours)`}
                type="number"
                min={1}
                step={1}
                error={errors[`p${priority}_response_time`]}
                {...register(`p${priority}_response_time`)}
              />
            </div>
          ))}
      </fieldset>

      <fieldset>
        <legend>Microsoft Teams</legend>
        <CheckboxField
          label="Teams Integration"
          error={errors.msteams_integration}
          {...register('msteams_integration')}
        />
        {teams && (
          <>
            <TextField
              label="Teams Manager Email"
              type="email"
              error={errors.msteams_manager_email}
              {...register('msteams_manager_email')}
            />
            <TextField
              label="Teams Team Url"
              type="url"
              placeholder="https://"
              error={errors.msteams_team_url}
              {...register('msteams_team_url')}
            />
          </>
        )}
      </fieldset>

      <SubmitActions label="Save" busy={isSubmitting} cancelTo={cancelTo} />
    </>
  );
}
