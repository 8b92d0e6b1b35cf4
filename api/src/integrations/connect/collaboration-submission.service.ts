import { Injectable } from '@nestjs/common';
import {
  CreateCollaborationRequestBody,
  CustomFieldEntry,
  INTAKE_MESSAGES,
  type CollaborationRequest,
} from '@casebridge/contracts';
import { CaseSubmissionService } from '../../cases/submissions/case-submission.service';
import { DocumentsService } from '../../cases/submissions/documents.service';
import type { Actor } from '../../platform/access/actor';
import { ChecksPassed } from '../../platform/common/body-check';
import { fieldErrorsOf, ValidationException } from '../../platform/common/errors';
import { intakeFieldRefs, type IntakeFieldRef } from '../../processes';
import { CollaborationRequestsService, companyOf } from './collaboration-requests.service';

type FieldErrors = Record<string, string[]>;
type Input = Record<string, unknown>;

/** Where the fields of the form's submission (CaseSubmissionBody) stand in the integration API's body. */
const FORM_FIELD_NAMES: Record<string, string> = {
  first_name: 'engineer.first_name',
  last_name: 'engineer.last_name',
  email: 'engineer.email',
  phone_number: 'engineer.phone',
  phone_country_code: 'engineer.phone_country_code',
  case_priority: 'priority',
  collaborate_type: 'department_id',
  collaborate_entity: 'department_id',
  sample_submission: 'test_submission',
};

const isRecord = (value: unknown): value is Input => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * POST /v1/collaboration-requests: the body is turned into the web form's submission and sent through the form's
 * own service (CaseSubmissionService.collaborate), so every rule is the form's. The checks of both bodies answer
 * in one 422, in this API's field names: the form's own fields as custom_fields.<name>, an entry that names no
 * field of the form as custom_fields.<index>. With any error, the form's service only checks (nothing is written).
 */
@Injectable()
export class CollaborationSubmissionService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly submissions: CaseSubmissionService,
    private readonly requests: CollaborationRequestsService,
  ) {}

  async submit(actor: Actor, rawBody: unknown): Promise<CollaborationRequest> {
    companyOf(actor);
    const input = isRecord(rawBody) ? rawBody : {};
    const errors: FieldErrors = { ...fieldErrorsOf(CreateCollaborationRequestBody, input).errors };
    const documentId = CreateCollaborationRequestBody.shape.document_id.safeParse(input.document_id);
    // Without a form there is nothing more to check the body against.
    if (!documentId.success) throw new ValidationException(errors);
    // 404 before any 422: a form closed to the caller is not described by its checks.
    const { doc } = await this.documents.submittable(actor, documentId.data);
    const fields = intakeFieldRefs(doc);
    const department = CreateCollaborationRequestBody.shape.department_id.safeParse(input.department_id);
    const departmentId = department.success ? department.data : null;
    const engineer = isRecord(input.engineer) ? input.engineer : {};
    // Values as sent: the form's schema checks them again with the same rules and messages (merged once below).
    const formBody: Input = {
      first_name: engineer.first_name,
      last_name: engineer.last_name,
      email: engineer.email,
      phone_number: engineer.phone,
      phone_country_code: engineer.phone_country_code,
      internal_case_number: input.internal_case_number,
      problem_summary: input.problem_summary,
      problem_description: input.problem_description,
      case_priority: input.priority,
      collaborate_type: departmentId ? 'department' : 'company',
      collaborate_entity: departmentId ?? doc.company.id,
      sample_submission: input.test_submission,
      ...customValues(input.custom_fields, fields, errors),
    };

    const translate = (formErrors: FieldErrors) => v1Errors(formErrors, fields);
    if (Object.keys(errors).length > 0) {
      await this.submissions.collaborate(actor, doc.id, formBody, true).catch((error: unknown) => {
        if (error instanceof ValidationException) return merge(errors, translate(error.errors));
        if (!(error instanceof ChecksPassed)) throw error;
      });
      throw new ValidationException(errors);
    }
    const sent = await this.submissions.collaborate(actor, doc.id, formBody).catch((error: unknown) => {
      throw error instanceof ValidationException ? new ValidationException(translate(error.errors)) : error;
    });
    return this.requests.get(actor, sent.case.token, { fresh: true });
  }
}

/** How an entry of custom_fields names its field; its value is the form's to check. */
const EntryField = CustomFieldEntry.pick({ field_id: true, field: true });

/**
 * The form's custom_{id} values of the entries of custom_fields, each entry naming its field by field_id or by
 * field (its name, else its label, in any case). An entry that names no field, or one already given, adds its error;
 * the schema's errors of an entry's value move to the field's name, where the form's check reports them too.
 */
function customValues(entries: unknown, fields: IntakeFieldRef[], errors: FieldErrors): Input {
  const values: Input = {};
  // Not a list, or too long: the schema's error says so, and no entry is read.
  if (!Array.isArray(entries) || Object.hasOwn(errors, 'custom_fields')) return values;
  const given = new Set<number>();
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);
  entries.forEach((entry: unknown, index) => {
    const at = `custom_fields.${index}`;
    const named = isRecord(entry) ? EntryField.safeParse(entry) : null;
    // Not an object, or a field_id or field the schema refused: the schema's error names the entry.
    if (!named?.success) return;
    const { field_id: fieldId, field: name } = named.data;
    if (fieldId === undefined && name === undefined) {
      fail(at, INTAKE_MESSAGES.noField);
      return;
    }
    const byId = fieldId !== undefined;
    const matches = byId ? fields.filter((field) => field.id === fieldId) : fieldsNamed(fields, name!);
    const shown = byId ? String(fieldId) : name!;
    if (matches.length !== 1) {
      const message = matches.length ? INTAKE_MESSAGES.ambiguousField(shown) : INTAKE_MESSAGES.unknownField(shown);
      fail(`${at}.${byId ? 'field_id' : 'field'}`, message);
      return;
    }
    const [field] = matches;
    if (given.has(field.id)) {
      fail(at, INTAKE_MESSAGES.repeatedField(field.name));
      return;
    }
    given.add(field.id);
    const valueErrors = errors[`${at}.value`];
    if (valueErrors) {
      delete errors[`${at}.value`];
      merge(errors, { [`custom_fields.${field.name}`]: valueErrors });
    }
    values[field.key] = (entry as Input).value;
  });
  return values;
}

/** The fields a name means: by name first, then by label, in any case. */
function fieldsNamed(fields: IntakeFieldRef[], name: string): IntakeFieldRef[] {
  const wanted = name.toLowerCase();
  const byName = fields.filter((field) => field.name.toLowerCase() === wanted);
  return byName.length ? byName : fields.filter((field) => field.label.toLowerCase() === wanted);
}

/** The form's field errors in this API's names. */
function v1Errors(formErrors: FieldErrors, fields: IntakeFieldRef[]): FieldErrors {
  const byKey = new Map(fields.map((field) => [field.key, field.name]));
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(formErrors)) {
    const custom = byKey.get(key);
    merge(errors, { [custom ? `custom_fields.${custom}` : (FORM_FIELD_NAMES[key] ?? key)]: messages });
  }
  return errors;
}

/**
 * Adds `more` to `errors`: a message a field already has is not repeated, and nothing is added under a field whose
 * parent already failed (no engineer.email when engineer is no object).
 */
function merge(errors: FieldErrors, more: FieldErrors): void {
  for (const [field, messages] of Object.entries(more)) {
    const parts = field.split('.');
    if (parts.slice(1).some((_part, end) => Object.hasOwn(errors, parts.slice(0, end + 1).join('.')))) continue;
    const known = Object.hasOwn(errors, field) ? errors[field] : (errors[field] = []);
    for (const message of messages) if (!known.includes(message)) known.push(message);
  }
}
