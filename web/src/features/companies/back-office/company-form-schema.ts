import { COMPANY_LOGO_FIELD, COMPANY_SSO_FILE_FIELD, CompanyFormBody } from '@casebridge/contracts';
import { z } from 'zod';

/** The contract's form plus the two file inputs (FileList values), so their 422s land under them too. */
export const CompanyFormSchema = CompanyFormBody.extend({
  [COMPANY_LOGO_FIELD]: z.any().optional(),
  [COMPANY_SSO_FILE_FIELD]: z.any().optional(),
});

export type CompanyFormValues = z.input<typeof CompanyFormSchema>;
export type CompanyFormOutput = z.output<typeof CompanyFormSchema>;

export const COMPANY_FORM_FIELDS = Object.keys(CompanyFormSchema.shape) as (keyof CompanyFormValues)[];
