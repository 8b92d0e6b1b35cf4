import { useId, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { LIMITS } from '@casebridge/contracts';
import { ComboboxField } from '../../../ui/ComboboxField';
import { TextAreaField, TextField } from '../../../ui/fields';
import { DbSelectInput, GroupSelectInput, SelectWithOther, TierSelectInput } from './ChoiceFields';
import { fieldName, fixedValue, placeholderOf, type FormValues, type Requirement } from './requirements';

export interface RequirementFieldProps {
  requirement: Requirement;
  required: boolean;
  register: UseFormRegister<FormValues>;
  values: FormValues;
  /** The server's first message for custom_{id}. */
  error?: string;
}

const timeZones = (() => {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['UTC'];
  }
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
})();

/** One requirement of the process document, drawn by its type. */
export function RequirementField(props: RequirementFieldProps) {
  const { requirement, required, register, error } = props;
  const label = requirement.requirement.label;
  const name = fieldName(requirement);
  const placeholder = placeholderOf(requirement, required);
  const common = { label, error, placeholder, 'aria-required': required || undefined };

  switch (requirement.requirement.type) {
    case 'hidden':
      return null;
    case 'integer':
      return <TextField type="number" inputMode="numeric" step={1} {...common} {...register(name)} />;
    case 'phone':
      // Sent as typed (digits, spaces and + ( ) - . :), so no separate country code here.
      return <TextField type="tel" autoComplete="off" maxLength={LIMITS.phoneMax} {...common} {...register(name)} />;
    case 'string':
      return <TextField type="text" {...common} {...register(name)} />;
    case 'text':
      return <TextAreaField rows={4} {...common} {...register(name)} />;
    case 'url':
      return <TextField type="url" inputMode="url" {...common} {...register(name)} />;
    case 'email':
      return <TextField type="email" {...common} {...register(name)} />;
    case 'timezone':
      // Several hundred zones: a searchable list ("chicago", "new york"), submitting the zone's id as before.
      return <ComboboxField {...common} options={timeZones} {...register(name)} />;
    case 'select':
      return <SelectWithOther {...props} />;
    case 'tierselect':
      return <TierSelectInput {...props} />;
    case 'groupselect':
      return <GroupSelectInput {...props} />;
    case 'db_select':
      return <DbSelectInput {...props} />;
    case 'copy':
      return <CopyText label={label} value={fixedValue(requirement)} />;
  }
}

/** Read-only text with a copy button (e.g. a command the engineer should run). */
function CopyText({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field">
        <input id={id} type="text" readOnly value={value} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button-secondary button-small" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
