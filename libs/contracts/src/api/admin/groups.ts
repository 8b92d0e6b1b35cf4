import { z } from 'zod';
import { GROUP_DOCUMENT_KINDS, GROUP_TYPES, USER_ACCESS_FLAGS } from '../../constants/groups';
import { MessageBody, requiredText } from '../common';
import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';

// ---------- partner groups of the admin's company ----------

const IdName = z.object({ id: z.number(), name: z.string() });

/** A relation of my company (or one of its departments) with a group. */
export const MyGroupRelation = z.object({
  id: z.number(),
  community: z.object({
    id: z.number(),
    name: z.string(),
    type: z.enum(GROUP_TYPES),
    host_name: z.string().nullable(),
  }),
  department: IdName.nullable(),
  user_access_flag: z.enum(USER_ACCESS_FLAGS),
  document: IdName.nullable(),
});
export type MyGroupRelation = z.infer<typeof MyGroupRelation>;

export const GroupPartner = z.object({
  company: IdName,
  department: IdName.nullable(),
  document: IdName.nullable(),
  membership: z.string(),
});

export const AdminGroupShape = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  vhost: z.string().nullable(),
  sponsor_company_id: z.number().nullable(),
  registration_status_url: z.string().nullable(),
  code_of_conduct: z.boolean(),
  current_license: z.boolean(),
  addendum: z.boolean(),
  addendum_name: z.string().nullable(),
  custom_sla: z.boolean(),
  p1_message: z.string().nullable(),
  p2_message: z.string().nullable(),
  p3_message: z.string().nullable(),
  my_relation: MyGroupRelation,
});
export type AdminGroupShape = z.infer<typeof AdminGroupShape>;

export const AdminGroupDetail = z.object({
  group: AdminGroupShape,
  partners: z.array(GroupPartner),
  /** False when the group is a partner program my company does not sponsor: partners are not listed. */
  partners_visible: z.boolean(),
});

export const GroupDocumentShape = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  document_type: z.enum(GROUP_DOCUMENT_KINDS),
  url: z.string().nullable(),
  document_name: z.string().nullable(),
  /** Only documents of my company can be deleted by me. */
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type GroupDocumentShape = z.infer<typeof GroupDocumentShape>;

/** Multipart fields of an upload; the file itself is checked by the api (type, content, size). */
export const GroupDocumentUploadBody = z
  .object({
    name: requiredText(255, 'The name'),
    company_id: z.coerce.number({ error: 'The company is required.' }).int().positive('The company is required.'),
    document_type: z.enum(GROUP_DOCUMENT_KINDS, { error: 'The document type must be file or url.' }),
    url: z.string().trim().max(1000, 'The url may not be greater than 1000 characters.').nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.document_type !== 'url') return;
    if (!value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'The url field is required.' });
    else if (!/^https?:\/\/\S+$/i.test(value.url) || !z.url().safeParse(value.url).success) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'The url must be a valid http or https address.' });
    }
  });
export type GroupDocumentUploadBody = z.input<typeof GroupDocumentUploadBody>;

export const GroupAccessUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  location: z.string().nullable(),
  role: z.string(),
  last_login_date: z.string().nullable(),
});

export const GroupUserSearchBody = z.object({
  search_term: z
    .string({ error: 'The search term is required.' })
    .trim()
    .min(2, 'The search term must be at least 2 characters.')
    .max(254, 'The search term may not be greater than 254 characters.'),
});

export const PartnerCompanyRow = z.object({
  company: IdName,
  group: IdName,
  membership: z.string(),
  collaboration_process: IdName.nullable(),
});

export const adminGroupsApi = {
  list: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups',
    access: 'company_admin',
    summary: "The company's partner group relations",
    response: z.object({ groups: z.array(MyGroupRelation) }),
  }),
  detail: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId',
    access: 'company_admin',
    summary: 'One group of the company with its partners (hidden in partner programs the company does not sponsor)',
    response: AdminGroupDetail,
  }),
  group: endpoint({
    method: 'GET',
    path: 'admin/partner_groups/:groupId',
    access: 'company_admin',
    summary: 'One group of the company',
    response: z.object({ group: AdminGroupShape }),
  }),
  addendum: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/addendum',
    access: 'company_admin',
    summary: "Downloads the group's addendum",
    response: z.unknown(),
    file: true,
  }),
  currentLicense: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/current_license',
    access: 'company_admin',
    summary: "Downloads the group's current license",
    response: z.unknown(),
    file: true,
  }),
  codeOfConduct: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/code_of_conduct',
    access: 'company_admin',
    summary: "Downloads the group's code of conduct",
    response: z.unknown(),
    file: true,
  }),
  exportMembers: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/export_members',
    access: 'company_admin',
    summary: 'Starts the group members spreadsheet; the file follows through exports/:id',
    response: ExportAnswer,
  }),
  documents: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/documents',
    access: 'company_admin',
    summary: 'Files and links shared with the group',
    response: z.object({ documents: z.array(GroupDocumentShape) }),
  }),
  uploadDocument: endpoint({
    method: 'POST',
    path: 'admin/company/partner_groups/:groupId/documents/upload',
    access: 'company_admin',
    summary: 'Shares a file (.xls .xlsx .doc .docx .pdf .jpg .jpeg .png) or a link with the group',
    body: GroupDocumentUploadBody,
    response: z.object({ message: z.string(), document: GroupDocumentShape }),
    multipart: true,
  }),
  downloadDocument: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/documents/:documentId/download',
    access: 'company_admin',
    summary: 'Downloads a file shared with the group',
    response: z.unknown(),
    file: true,
  }),
  deleteDocument: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/documents/:documentId/delete',
    access: 'company_admin',
    summary: "Deletes one of the company's documents of the group (403 for another company's)",
    response: MessageBody,
  }),
  users: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/users',
    // User Access Management is blocked for limited membership.
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Users of the company with access to the group',
    response: z.object({ users: z.array(GroupAccessUser), user_access_flag: z.enum(USER_ACCESS_FLAGS) }),
  }),
  searchUsers: endpoint({
    method: 'POST',
    path: 'admin/company/partner_groups/:groupId/users/search',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Users of the company matching a name or e-mail (from 2 characters), flagged when they have access',
    body: GroupUserSearchBody,
    response: z.object({ users: z.array(GroupAccessUser.extend({ group_access: z.boolean() })) }),
  }),
  addUser: endpoint({
    method: 'GET',
    path: 'admin/partner_groups/:groupId/users/add/:userId',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Gives a user of the company access to the group',
    response: MessageBody,
  }),
  removeUser: endpoint({
    method: 'GET',
    path: 'admin/company/partner_groups/:groupId/users/:userId/delete',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: "Removes a user's access to the group",
    response: MessageBody,
  }),
  partnerCompanies: endpoint({
    method: 'GET',
    path: 'admin/company/partner_companies',
    access: 'company_admin',
    summary: 'My Partners: the companies of the groups the company belongs to',
    response: z.object({ partners: z.array(PartnerCompanyRow) }),
  }),
  partnersReport: endpoint({
    method: 'GET',
    path: 'admin/company/reports/partners',
    access: 'company_admin',
    summary: 'Starts the My Partners spreadsheet; the file follows through exports/:id',
    response: ExportAnswer,
  }),
} as const;

/** The multipart field of the uploaded file. */
export const GROUP_DOCUMENT_FILE_FIELD = 'file';
