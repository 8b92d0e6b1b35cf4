import { z } from 'zod';
import { DEPARTMENT_STATUSES } from '../../constants/company';
import {
  GROUP_TYPES,
  MEMBER_RELATIONSHIPS,
  USER_ACCESS_FLAGS,
  type GroupType,
  type MemberRelationship,
} from '../../constants/groups';
import { LIMITS } from '../../constants/limits';
import { DoneBody, optionalText, requiredText } from '../common';
import { endpoint } from '../endpoint';
import { SuperAdminDepartmentRow } from './companies';

export const DEPARTMENT_SAVED = 'Department saved.';
export const DEPARTMENT_DELETED = 'Department deleted.';
export const DEPARTMENT_NOT_FOUND = 'Department not found.';
export const RELATION_SAVED = 'Group access saved.';
export const RELATION_NOT_FOUND = 'Group access not found.';
/** Shown on the group access page. */
export const SEV1_SLA_TEXT = 'business hour required with Sev 1 SLA (Next Day)';

export function departmentDeleteQuestion(name: string): string {
  return `Are you sure you want to delete the ${name} Department?`;
}

/**
 * The member relationship of a new relation. Solution support and open groups see all members; in a
 * partner program only the sponsor sees everyone, other members see the sponsor only.
 */
export function defaultMemberRelationship(
  groupType: GroupType,
  sponsorCompanyId: number | null,
  companyId: number,
): MemberRelationship {
  if (groupType === 'partner_program' && sponsorCompanyId !== companyId) return 'one_to_many';
  return 'many_to_many';
}

const IdName = z.object({ id: z.number(), name: z.string() });

/** An optional id from a select: empty or 0 means none. */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null || value === '0' || value === 0 ? null : value),
    z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullable(),
  );

// ---------- departments (back-office departments page) ----------

export const DepartmentBody = z.object({
  name: requiredText(LIMITS.nameMax, 'The name'),
  description: optionalText(LIMITS.textMax, 'The description'),
  community_id: optionalId('The selected group is invalid.'),
  contact_document_id: optionalId('The selected process is invalid.'),
  status: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 'active' : value),
    z.enum(DEPARTMENT_STATUSES, { error: 'The status must be active or inactive.' }),
  ),
});
export type DepartmentBody = z.input<typeof DepartmentBody>;

// ---------- group access (company-group relation) ----------

export const RelationUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Whether the relation lists the user (limit access). */
  selected: z.boolean(),
});

export const SuperAdminRelation = z.object({
  id: z.number(),
  company_id: z.number(),
  community: IdName.extend({ type: z.enum(GROUP_TYPES), sponsor_company_id: z.number().nullable() }),
  community_id: z.number(),
  department_id: z.number().nullable(),
  document_id: z.number().nullable(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  user_access_flag: z.enum(USER_ACCESS_FLAGS),
  member_relationship: z.enum(MEMBER_RELATIONSHIPS),
  selected_users: z.array(z.number()),
});
export type SuperAdminRelation = z.infer<typeof SuperAdminRelation>;

export const RelationBody = z.object({
  /** 0 or absent: a new relation. */
  relation_id: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : value),
    z.coerce.number({ error: 'The relation is not valid.' }).int().min(0).max(2_147_483_647),
  ),
  community_id: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : value),
    z.coerce
      .number({ error: 'Please choose a group.' })
      .int('Please choose a group.')
      .positive('Please choose a group.')
      .max(2_147_483_647, 'Please choose a group.'),
  ),
  department_id: optionalId('The selected department is invalid.'),
  document_id: optionalId('The selected process is invalid.'),
  is_active: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 1 : value),
    z
      .union([z.boolean(), z.number(), z.string()])
      .transform((value) => (value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0)),
  ),
  user_access_flag: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 'all' : value),
    z.enum(USER_ACCESS_FLAGS, { error: 'The user access must be all or limit.' }),
  ),
  /** Absent: the default of the group's type (defaultMemberRelationship). */
  member_relationship: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(MEMBER_RELATIONSHIPS, { error: 'The member relationship must be many_to_many or one_to_many.' }).optional(),
  ),
  /** Counted only when user access is limit. */
  selected_users: z
    .array(z.coerce.number({ error: 'The selected users are not valid.' }).int().positive(), {
      error: 'The selected users are not valid.',
    })
    .max(5000)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type RelationBody = z.input<typeof RelationBody>;

const byCompany = (path: string) => `super_admin/companies/:companyId${path}`;

// ---------- endpoints ----------

export const superAdminDepartmentsApi = {
  save: endpoint({
    method: 'POST',
    path: byCompany('/departments/:departmentId'),
    access: 'super_admin',
    summary: 'Create (0) or update a department of the company',
    body: DepartmentBody,
    response: DoneBody.extend({ department: SuperAdminDepartmentRow }),
  }),
  delete: endpoint({
    method: 'GET',
    path: 'super_admin/departments/:id/delete',
    access: 'super_admin',
    summary: 'Delete a department (409 while it has open cases or active group relations)',
    response: DoneBody,
  }),
  putRelation: endpoint({
    method: 'POST',
    path: byCompany('/groups/put'),
    access: 'super_admin',
    summary: "Create (relation_id 0) or update the company's access to a group, with its selected users",
    body: RelationBody,
    response: DoneBody.extend({ relation: SuperAdminRelation }),
  }),
  relation: endpoint({
    method: 'GET',
    path: byCompany('/relation/:relationId'),
    access: 'super_admin',
    summary: "One group relation of the company and the company's active users (selected ones flagged)",
    response: z.object({ relation: SuperAdminRelation, users: z.array(RelationUser) }),
  }),
  users: endpoint({
    method: 'GET',
    path: byCompany('/users/:relationId'),
    access: 'super_admin',
    summary: "The company's active users for the Select Users table (relation 0: none selected)",
    response: z.object({ users: z.array(RelationUser) }),
  }),
} as const;
