import type { ReactNode } from 'react';
import { type Country, USER_TYPE_LABELS, USER_TYPES } from '@casebridge/contracts';
import { ContactFields, ContactPhoneField } from '../../../ui/ContactFields';
import { PasswordFields } from '../../../ui/PasswordFields';
import { SelectField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import type { ErrorsFor, RegisterFor } from '../../../ui/form-parts';
import type { MANAGED_USER_FIELDS } from './managed-user-form';

type ManagedField = (typeof MANAGED_USER_FIELDS)[number];

const TYPE_OPTIONS = USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

interface ManagedUserFieldsProps {
  register: RegisterFor<ManagedField>;
  errors: ErrorsFor<ManagedField>;
  /** The phone country code the form holds, kept in the picker when it is not a known one. */
  phoneCode?: string | null;
  countries: readonly Country[];
  /** The roles this admin may give. */
  roleOptions: readonly { value: string; label: string }[];
  /** Read-only details shown between the role row and the password fields. */
  details?: ReactNode;
  showPassword: boolean;
}

/**
 * The user form's fields before the group access (company admin and back office alike): contact details, role
 * and type, and the password fields when the user needs one.
 */
export function ManagedUserFields({
  register,
  errors,
  phoneCode,
  countries,
  roleOptions,
  details,
  showPassword,
}: ManagedUserFieldsProps) {
  return (
    <>
      <RequiredLegend />
      <ContactFields
        register={register}
        errors={errors}
        phone={<ContactPhoneField register={register} errors={errors} currentCode={phoneCode} />}
        countries={countries}
      />
      <div className="field-row">
        <SelectField label="Role" options={roleOptions} aria-required error={errors.role} {...register('role')} />
        <SelectField label="Type" options={TYPE_OPTIONS} error={errors.type} {...register('type')} />
      </div>
      {details}
      {showPassword && <PasswordFields register={register} errors={errors} label="Password" />}
    </>
  );
}
