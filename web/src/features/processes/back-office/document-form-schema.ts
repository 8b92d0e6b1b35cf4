import type { Path } from 'react-hook-form';
import { z } from 'zod';
import {
  DOCUMENT_DEFAULTS,
  MANAGER_REQUEST_TEMPLATE,
  ManagedDocumentBody,
  NEW_RECEIVING_MEMBER,
  ParentDocumentBody,
  ParentLinkageBody,
  RECEIVING_TEMPLATE_CHOICE_TYPES,
  StaticDocumentBody,
  type DocumentFormData,
  type ManagedDocumentType,
  type SuperAdminDocument,
} from '@casebridge/contracts';

/** Selects and text areas hand strings to the form; these schemas turn them into the contract's bodies. */
const ids = z.array(z.coerce.number()).default([]);

export const ManagedFormSchema = ManagedDocumentBody.extend({
  departments: ids,
  groups: ids,
  // One tag per line.
  tags: z
    .string()
    .optional()
    .transform((text) => [...new Set((text ?? '').split(/\r?\n/).map((line) => line.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().max(100, 'A tag may not be greater than 100 characters.'))
        .max(100, 'A process may have up to 100 tags.'),
    ),
});
export type ManagedFormValues = z.input<typeof ManagedFormSchema>;

export const MANAGED_FIELDS = [
  'status',
  'title',
  'json_type',
  'support_hours',
  'product_supported',
  'collaborate_email',
  'collaborate_cc_email',
  'main_escalation_contact',
  'alt_escalation_contact',
  'escalation_instructions',
  'escalation_alias',
  'departments',
  'groups',
  'email_templates.new_receiving_member',
  'admin_note',
  'tags',
] as const;

/** The template a document uses now, else the default of its type (manager-request for manager documents). */
export function templateChoice(
  document: SuperAdminDocument | null,
  type: string,
  templates: DocumentFormData['email_templates'],
): number {
  const stored = document?.email_templates.find((row) => RECEIVING_TEMPLATE_CHOICE_TYPES.includes(row.type));
  if (stored) return stored.email_template_id;
  const slug = type === 'manager' ? MANAGER_REQUEST_TEMPLATE : NEW_RECEIVING_MEMBER;
  return templates.find((template) => template.slug === slug)?.id ?? 0;
}

export function managedDefaults(
  document: SuperAdminDocument | null,
  type: ManagedDocumentType,
  choices: DocumentFormData,
): ManagedFormValues {
  const version = document?.version;
  return {
    document_type: type,
    status: version?.status ?? DOCUMENT_DEFAULTS.status,
    title: version?.title ?? '',
    json_type: version?.json_type ?? '',
    support_hours: version?.support_hours ?? DOCUMENT_DEFAULTS.support_hours,
    product_supported: version?.product_supported ?? DOCUMENT_DEFAULTS.product_supported,
    collaborate_email: version?.collaborate_email ?? '',
    collaborate_cc_email: version?.collaborate_cc_email ?? '',
    main_escalation_contact: version?.main_escalation_contact ?? 0,
    alt_escalation_contact: version?.alt_escalation_contact ?? 0,
    escalation_instructions: version?.escalation_instructions ?? '',
    escalation_alias: version?.escalation_alias ?? '',
    departments: document?.departments.map((row) => String(row.department_id)) ?? [],
    groups: document?.group_relations.map((row) => String(row.community_id)) ?? [],
    email_templates: { new_receiving_member: templateChoice(document, type, choices.email_templates) },
    admin_note: version?.admin_note ?? '',
    tags: document?.tags.join('\n') ?? '',
  };
}

export const StaticFormSchema = StaticDocumentBody;
export type StaticFormValues = z.input<typeof StaticFormSchema>;
export const STATIC_FIELDS = [
  'status',
  'title',
  'support_hours',
  'product_supported',
  'document_html',
  'admin_note',
] as const;

export function staticDefaults(document: SuperAdminDocument | null): StaticFormValues {
  const version = document?.version;
  return {
    document_type: 'default',
    status: version?.status ?? DOCUMENT_DEFAULTS.status,
    title: version?.title ?? '',
    support_hours: version?.support_hours ?? DOCUMENT_DEFAULTS.support_hours,
    product_supported: version?.product_supported ?? DOCUMENT_DEFAULTS.product_supported,
    document_html: document?.static_document ?? '',
    admin_note: version?.admin_note ?? '',
  };
}

export const ParentFormSchema = ParentDocumentBody.extend({
  linkages: z.array(ParentLinkageBody),
});
export type ParentFormValues = z.input<typeof ParentFormSchema>;

/** Row errors arrive as linkages.{index}.{field}; the page never shows more rows than this. */
const MAX_ROWS = 100;
export const PARENT_FIELDS: readonly Path<ParentFormValues>[] = [
  'status',
  'title',
  'parent_option_name',
  'admin_note',
  'linkages',
  ...Array.from({ length: MAX_ROWS }, (_, index) => [
    `linkages.${index}.option_name` as const,
    `linkages.${index}.contact_document_id` as const,
  ]).flat(),
];

export function parentDefaults(document: SuperAdminDocument | null): ParentFormValues {
  const version = document?.version;
  return {
    document_type: 'parent',
    status: version?.status ?? DOCUMENT_DEFAULTS.status,
    title: version?.title ?? '',
    parent_option_name: document?.parent_option_name ?? '',
    admin_note: version?.admin_note ?? '',
    linkages: (document?.doc_linkages ?? []).map((row) => ({
      id: row.id,
      option_name: row.option_name,
      contact_document_id: row.contact_document_id,
      deleted: row.deleted,
    })),
  };
}
