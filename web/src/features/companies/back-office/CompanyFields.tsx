import type { UseFormReturn } from 'react-hook-form';
import {
  COMPANY_LOGO_EXTENSIONS,
  COMPANY_LOGO_FIELD,
  COMPANY_SSO_FILE_FIELD,
  LOGIN_METHOD_ADMIN_LABELS,
  LOGIN_METHODS,
  MEMBERSHIP_TYPES,
  SSO_IDENTITY_SOURCES,
} from '@casebridge/contracts';
import { RichTextControl } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import type { CompanyFormOutput, CompanyFormValues } from './company-form-schema';
import { membershipTypeLabel } from './company-labels';
import './companies.css';

type CompanyForm = UseFormReturn<CompanyFormValues, unknown, CompanyFormOutput>;

interface CompanyFieldsProps {
  form: CompanyForm;
  /** The stored logo's address, shown beside the upload. */
  logo: string | null;
  hasSsoFile: boolean;
  cancelTo: string;
}

const MEMBERSHIP_OPTIONS = MEMBERSHIP_TYPES.map((type) => ({ value: type, label: membershipTypeLabel(type) }));
const LOGIN_METHOD_OPTIONS = LOGIN_METHODS.map((method) => ({
  value: method,
  label: LOGIN_METHOD_ADMIN_LABELS[method],
}));
const SOURCE_LABELS = { url: 'Url', file: 'File' } as const;

/** The fields of the company form, in sections. */
export function CompanyFields({ form, logo, hasSsoFile, cancelTo }: CompanyFieldsProps) {
  const {
    register,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const source = watch('sso_identity_source');

  return (
    <>
      <fieldset>
        <legend>Company</legend>
        <TextField label="Name" error={errors.name} {...register('name')} />
        <TextField
          label="Slug"
          hint="The login page sub-domain: lower-case letters, digits and dashes."
          error={errors.slug}
          {...register('slug')}
        />
        <TextField label="Web Site" type="url" placeholder="https://" error={errors.url} {...register('url')} />
        <SelectField
          label="Membership Type"
          options={MEMBERSHIP_OPTIONS}
          error={errors.membership_type}
          {...register('membership_type')}
        />
        <SelectField
          label="Login Method"
          options={LOGIN_METHOD_OPTIONS}
          error={errors.login_method}
          {...register('login_method')}
        />
        <TextField label="Domain" error={errors.domain} {...register('domain')} />
        <TextField
          label="Additional Domains"
          hint="Comma separated."
          error={errors.additional_domains}
          {...register('additional_domains')}
        />
        <TextField
          label="Communications Email (outbound bcc)"
          type="email"
          error={errors.communications_email}
          {...register('communications_email')}
        />
        <TextField
          label="BCC Response Email (inbound bcc)"
          type="email"
          error={errors.bcc_response_email}
          {...register('bcc_response_email')}
        />
        <CheckboxField
          label="Show in Public Web"
          error={errors.show_in_public_web}
          {...register('show_in_public_web')}
        />
        <TextField
          label="Logo"
          type="file"
          accept={COMPANY_LOGO_EXTENSIONS.join(',')}
          hint={logo ? 'A logo is stored; a new file replaces it.' : `Accepted: ${COMPANY_LOGO_EXTENSIONS.join(' ')}`}
          error={errors[COMPANY_LOGO_FIELD] as { message?: string } | undefined}
          {...register(COMPANY_LOGO_FIELD)}
        />
        {logo && <img className="company-info-logo" src={logo} alt="Current logo" height={48} />}
      </fieldset>

      <fieldset>
        <legend>Texts</legend>
        <RichTextControl control={control} name="login_page_text" label="Login Page Text" />
        <TextAreaField label="Region Text" rows={3} error={errors.region_text} {...register('region_text')} />
        <TextAreaField
          label="Public Web Text"
          rows={3}
          error={errors.public_web_text}
          {...register('public_web_text')}
        />
      </fieldset>

      <fieldset>
        <legend>Single Sign On</legend>
        <fieldset className={errors.sso_identity_source ? 'choice-group field-invalid' : 'choice-group'}>
          <legend>Identity Source</legend>
          {SSO_IDENTITY_SOURCES.map((value) => (
            <label key={value} className="choice">
              <input type="radio" value={value} {...register('sso_identity_source')} /> {SOURCE_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {source === 'file' ? (
          <TextField
            label="Identity Provider XML File"
            type="file"
            accept=".xml,application/xml,text/xml"
            hint={hasSsoFile ? 'A file is stored; a new file replaces it.' : undefined}
            error={errors[COMPANY_SSO_FILE_FIELD] as { message?: string } | undefined}
            {...register(COMPANY_SSO_FILE_FIELD)}
          />
        ) : (
          <TextField
            label="Entity Url"
            type="url"
            hint="Must be a URI."
            error={errors.sso_idp_entity_url}
            {...register('sso_idp_entity_url')}
          />
        )}
        <TextField
          label="Federation Url"
          type="url"
          error={errors.sso_idp_federation_url}
          {...register('sso_idp_federation_url')}
        />
        <TextField
          label="Logout Url"
          type="url"
          error={errors.sso_idp_logout_url}
          {...register('sso_idp_logout_url')}
        />
        <RichTextControl control={control} name="sso_login_section" label="Login Section" />
        <RichTextControl control={control} name="sso_registration_section" label="Register Section" />
      </fieldset>

      <SubmitActions label="Save" busy={isSubmitting} cancelTo={cancelTo} />
    </>
  );
}
