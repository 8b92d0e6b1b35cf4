import { CASE_FORM_DOCUMENT_TYPES, CaseSubmissionBody } from '@casebridge/contracts';
import { Department, type ContactDocument } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { endCheckOnly } from '../platform/common/body-check';
import { ValidationException, zodIssuesToFieldErrors } from '../platform/common/errors';
import { formFieldsOf, validateCustomFields, type FieldDefinition } from './custom-fields';
import { dbSelectModel, loadDbSelectOptions } from './db-select';

export const NOT_A_CASE_FORM = 'This process does not take collaboration requests.';
const PARTNER_MISMATCH = 'The partner does not match the process.';

/** Whether the document serves the department (its contact document, or linked to it). */
export function documentServesDepartment(doc: ContactDocument, department: Department): boolean {
  return (
    department.contactDocument?.id === doc.id ||
    doc.departments.getItems().some((candidate) => candidate.id === department.id)
  );
}

export interface CheckedSubmission {
  input: z.output<typeof CaseSubmissionBody>;
  custom: ReturnType<typeof validateCustomFields>;
  /** The receiving department (with its community), or null when sent to the company. */
  department: Department | null;
}

/**
 * The checks of a case submission through a process, shared by the member's collaborate call and the admin's
 * test form: the process takes cases, and one 422 names every field (the base payload, the process's own fields
 * and the target, which must be the document's company or a department it serves).
 */
export async function checkCaseSubmission(
  em: EntityManager,
  doc: ContactDocument,
  rawBody: unknown,
  /** A check-only request (CHECK_ONLY) ends here: 422 with every field, or 204. */
  checkOnly = false,
): Promise<CheckedSubmission> {
  const version = doc.currentVersion!;
  if (!CASE_FORM_DOCUMENT_TYPES.includes(version.documentType))
    throw ValidationException.forField('document_id', NOT_A_CASE_FORM);

  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const parsed = CaseSubmissionBody.safeParse(body);
  const errors: Record<string, string[]> = parsed.success ? {} : zodIssuesToFieldErrors(parsed.error);
  const definitions = formFieldsOf(doc);
  const custom = validateCustomFields(definitions, body, await dbSelectOptions(em, definitions));
  Object.assign(errors, custom.errors);
  const department = parsed.success ? await targetDepartment(em, doc, parsed.data, errors) : null;
  endCheckOnly(errors, checkOnly);
  return { input: parsed.data!, custom, department };
}

/** The receiving department (type department), which the document must serve; errors are added to `errors`. */
async function targetDepartment(
  em: EntityManager,
  doc: ContactDocument,
  input: z.output<typeof CaseSubmissionBody>,
  errors: Record<string, string[]>,
): Promise<Department | null> {
  const mismatch = () => (errors.collaborate_entity ??= []).push(PARTNER_MISMATCH);
  if (input.collaborate_type === 'company') {
    if (input.collaborate_entity !== doc.company.id) mismatch();
    return null;
  }
  const department = await em.findOne(
    Department,
    { id: input.collaborate_entity, company: doc.company, status: 'active' },
    { populate: ['community'] },
  );
  if (!department || !documentServesDepartment(doc, department)) {
    mismatch();
    return null;
  }
  return department;
}

/** Options of the db_select fields, by requirement id. */
export async function dbSelectOptions(
  em: EntityManager,
  definitions: FieldDefinition[],
): Promise<Map<number, Record<string, string>>> {
  const options = new Map<number, Record<string, string>>();
  for (const definition of definitions) {
    if (definition.type !== 'db_select') continue;
    const model = dbSelectModel(definition.settings?.model);
    const foreignKey = Number(definition.settings?.foreign_key) || null;
    options.set(definition.requirementId, model ? await loadDbSelectOptions(em, model, foreignKey) : {});
  }
  return options;
}
