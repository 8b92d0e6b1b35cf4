import type { VersionRequirementShape } from '@casebridge/contracts';
import { bearer, type ApiHarness } from '../../test/kit/api-harness';
import type { ProcessField } from '../../test/kit/factories';

export type FormFields = VersionRequirementShape[];

/** The requirement fields of a process document, in form order. */
export function allFields(doc: {
  common_customer_section: FormFields;
  problem_section: FormFields;
  contact_section: FormFields;
}): FormFields {
  return [...doc.common_customer_section, ...doc.problem_section, ...doc.contact_section];
}

/** custom_{id} of the field with this code label. */
export function fieldKey(fields: FormFields, codeLabel: string): string {
  const field = fields.find((candidate) => candidate.requirement.code_label === codeLabel);
  if (!field) throw new Error(`no field ${codeLabel}`);
  return `custom_${field.requirement_id}`;
}

/** The id of a country as the db_select options offer it. */
export async function countryId(api: ApiHarness, token: string, name: string): Promise<string> {
  const countries = await api
    .http()
    .post('/api/caller/db_select_options')
    .set(bearer(token))
    .send({ model: 'country' })
    .expect(200);
  const found = Object.entries(countries.body as Record<string, string>).find(([, label]) => label === name);
  if (!found) throw new Error(`no country ${name}`);
  return found[0];
}

/** Valid answers to every custom field of the demo's "Globex Storage Collaboration" process (every field type). */
export function globexCollaborationAnswers(fields: FormFields, country: string): Record<string, string> {
  const key = (codeLabel: string) => fieldKey(fields, codeLabel);
  return {
    [key('end_customer')]: 'Contoso Pharma',
    [key('site_id')]: '4711',
    [key('customer_phone')]: '+1 555 0100',
    [key('customer_email')]: 'ops@contoso.test',
    [key('customer_timezone')]: 'America/Denver',
    [key('site_country')]: country,
    [key('product')]: 'SA9000 Array',
    [key('component')]: 'Software : Replication',
    [key('problem_category')]: 'Software defect',
    [key('replication_target')]: 'DR-ARRAY-02',
    [key('software_build')]: '9.2.1',
    [key('log_bundle_url')]: 'https://files.globex.test/bundle.tgz',
    [key('error_output')]: 'ERR_REPL_TIMEOUT',
    [key('contact_method')]: 'Email',
  };
}

/** A complete, valid submission to Globex Storage Collaboration (the full form of every field type). */
export function globexCaseSubmission(
  globexId: number,
  fields: FormFields,
  country: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    first_name: 'Carl',
    last_name: 'Jensen',
    email: 'caller@acme.test',
    phone_number: 'CA: 4165550103',
    phone_country_code: 'CA',
    internal_case_number: 'ACME-20001',
    problem_summary: 'Replication to DR array stalls',
    problem_description: 'Since the 9.2 upgrade the replication job stops at 80%.',
    case_priority: 'high',
    collaborate_type: 'company',
    collaborate_entity: globexId,
    ...globexCollaborationAnswers(fields, country),
    ...overrides,
  };
}

/**
 * The fields of a factory process (aProcess `fields`) that globexCollaborationAnswers answers: every field type,
 * spread over the three sections, as the demo's full form has them.
 */
export const FULL_FORM: ProcessField[] = [
  { codeLabel: 'end_customer', section: 'common_customer_section', required: true },
  { codeLabel: 'site_id', section: 'common_customer_section' },
  { codeLabel: 'customer_phone', section: 'common_customer_section' },
  { codeLabel: 'customer_email', section: 'common_customer_section', required: true },
  { codeLabel: 'customer_timezone', section: 'common_customer_section', required: true },
  { codeLabel: 'site_country', section: 'common_customer_section' },
  { codeLabel: 'product', section: 'problem_section', required: true },
  { codeLabel: 'component', section: 'problem_section', required: true },
  { codeLabel: 'problem_category', section: 'problem_section', required: true },
  { codeLabel: 'replication_target', section: 'problem_section' },
  { codeLabel: 'software_build', section: 'problem_section', required: true },
  { codeLabel: 'log_bundle_url', section: 'problem_section' },
  { codeLabel: 'error_output', section: 'problem_section' },
  { codeLabel: 'contact_method', section: 'contact_section', required: true },
];
