import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Country, OnboardingReviewBody } from '@casebridge/contracts';
import { ComboboxField } from '../../../ui/ComboboxField';
import { TextField } from '../../../ui/fields';

export type ReviewValues = OnboardingReviewBody;

interface SectionProps {
  register: UseFormRegister<ReviewValues>;
  errors: FieldErrors<ReviewValues>;
  disabled: boolean;
}

/** The applicant company (the session's data.company). */
export function CompanyFields({ register, errors, disabled, countries }: SectionProps & { countries: Country[] }) {
  const e = errors.company;
  return (
    <fieldset className="card" disabled={disabled}>
      <legend>Company</legend>
      <TextField label="Company Name" error={e?.name} {...register('company.name')} />
      <TextField label="Address" error={e?.address} {...register('company.address')} />
      <div className="field-row">
        <TextField label="City" error={e?.city} {...register('company.city')} />
        <TextField label="State" error={e?.state} {...register('company.state')} />
        <TextField label="Postal Code" error={e?.zipcode} {...register('company.zipcode')} />
      </div>
      <ComboboxField
        label="Country"
        error={e?.country_id}
        placeholder="Choose a country"
        options={countries.map((country) => ({ value: String(country.id), label: country.name }))}
        {...register('company.country_id', { valueAsNumber: true })}
      />
      <TextField label="Website" error={e?.url} {...register('company.url')} />
    </fieldset>
  );
}

/** The applicant, who becomes the company's business manager. */
export function UserFields({ register, errors, disabled, countries }: SectionProps & { countries: Country[] }) {
  const e = errors.user;
  return (
    <fieldset className="card" disabled={disabled}>
      <legend>User</legend>
      <div className="field-row">
        <TextField label="First Name" error={e?.first_name} {...register('user.first_name')} />
        <TextField label="Last Name" error={e?.last_name} {...register('user.last_name')} />
      </div>
      <TextField label="Email" type="email" error={e?.email} {...register('user.email')} />
      <div className="field-row">
        <ComboboxField
          label="Phone Country"
          error={e?.phone_country_code}
          placeholder="—"
          options={countries.map((country) => ({ value: country.country_code, label: country.country_code }))}
          {...register('user.phone_country_code')}
        />
        <TextField label="Phone" error={e?.phone} {...register('user.phone')} />
      </div>
    </fieldset>
  );
}

/** The new member's support process (new companies only). */
export function DocumentFields({ register, errors, disabled }: SectionProps) {
  const e = errors.document ?? undefined;
  return (
    <fieldset className="card" disabled={disabled}>
      <legend>Document</legend>
      <div className="field-row">
        <TextField label="Support Hours" error={e?.support_hours} {...register('document.support_hours')} />
        <TextField
          label="Products Supported"
          error={e?.product_supported}
          {...register('document.product_supported')}
        />
      </div>
      <TextField label="Support Email" type="email" error={e?.support_email} {...register('document.support_email')} />
      <div className="field-row">
        <TextField label="Support Phone" error={e?.support_phone} {...register('document.support_phone')} />
        <TextField
          label="Support Phone Country"
          error={e?.support_country_code}
          {...register('document.support_country_code')}
        />
      </div>
      <div className="field-row">
        <TextField
          label="Manager First Name"
          error={e?.manager_first_name}
          {...register('document.manager_first_name')}
        />
        <TextField label="Manager Last Name" error={e?.manager_last_name} {...register('document.manager_last_name')} />
      </div>
      <TextField label="Manager Email" type="email" error={e?.manager_email} {...register('document.manager_email')} />
    </fieldset>
  );
}

const AGREEMENT_LABELS = {
  code_of_conduct: 'Code of Conduct',
  database_license: 'Database License',
  addendum: 'Partner Addendum',
} as const;

/** The agreements as accepted in the flow (read-only: the applicant accepts them, not the reviewer). */
export function AgreementsSummary({
  agreements,
}: {
  agreements: Partial<Record<keyof typeof AGREEMENT_LABELS, boolean>>;
}) {
  return (
    <section className="card" aria-labelledby="review-agreements-title">
      <h2 id="review-agreements-title">Agreements</h2>
      <ul className="plain-list">
        {(Object.keys(AGREEMENT_LABELS) as (keyof typeof AGREEMENT_LABELS)[]).map((key) => (
          <li key={key}>
            {AGREEMENT_LABELS[key]}: {agreements[key] ? 'Accepted' : 'Not accepted'}
          </li>
        ))}
      </ul>
    </section>
  );
}
