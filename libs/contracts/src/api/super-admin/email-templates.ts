import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * The e-mail templates the product sends, stored and editable by super admins:
 * a list, an editor for subject and body with `{{placeholder}}` variables, and a preview with sample values.
 */

export const EMAIL_TEMPLATE_SAVED = 'Email template saved.';
export const EMAIL_TEMPLATE_NOT_FOUND = 'Email template not found.';
export const EMAIL_SUBJECT_MAX = 500;
export const EMAIL_BODY_MAX = 20_000;

/** What the preview puts in each placeholder (the real values come from the event that sends the mail). */
export const EMAIL_TEMPLATE_SAMPLE_VALUES: Record<string, string> = {
  first_name: 'Alex',
  link: 'https://portal.example.test/link/sample-token',
  approve_link: 'https://portal.example.test/users/approval/sample-token/approve',
  reject_link: 'https://portal.example.test/users/approval/sample-token/reject',
  company: 'Acme Systems',
  receiver: 'Globex Storage',
  process: 'Storage Escalations',
  case_number: 'ACME-10431',
  summary: 'Array controller fails over during firmware update',
  note: 'Please attach the controller logs of the last 24 hours.',
  registrant_name: 'Jamie Doe',
  registrant_email: 'jamie.doe@acme.test',
  partner: 'Initech Networks',
  group: 'Storage Alliance',
  status: 'approved',
  endpoint_url: 'https://crm.acme.example/casebridge/webhooks',
  failing_since: '2026-03-02 08:15 UTC',
  last_error: 'HTTP 503 Service Unavailable',
};

export const EmailTemplateRow = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  subject: z.string(),
  /** system: sent by the product; document: chosen per process document. */
  type: z.string(),
  updated_at: z.string(),
});
export type EmailTemplateRow = z.infer<typeof EmailTemplateRow>;

export const EmailTemplateVariable = z.object({ name: z.string(), description: z.string() });
export type EmailTemplateVariable = z.infer<typeof EmailTemplateVariable>;

export const EmailTemplateDetail = EmailTemplateRow.extend({
  body: z.string(),
  /** The placeholders this template may use, `{{name}}` in subject or body. */
  variables: z.array(EmailTemplateVariable),
});
export type EmailTemplateDetail = z.infer<typeof EmailTemplateDetail>;

export const EmailTemplateBody = z.object({
  subject: z
    .string({ error: 'The subject field is required.' })
    .trim()
    .min(1, 'The subject field is required.')
    .max(EMAIL_SUBJECT_MAX, `The subject may not be greater than ${EMAIL_SUBJECT_MAX} characters.`)
    .refine((value) => !/[\r\n]/.test(value), 'The subject must be one line.'),
  body: z
    .string({ error: 'The body field is required.' })
    .trim()
    .min(1, 'The body field is required.')
    .max(EMAIL_BODY_MAX, `The body may not be greater than ${EMAIL_BODY_MAX} characters.`),
});
export type EmailTemplateBody = z.input<typeof EmailTemplateBody>;

export const EmailTemplatePreview = z.object({
  subject: z.string(),
  /** Sanitized HTML fragment with the sample values filled in (HTML-escaped, as in a real mail). */
  body: z.string(),
});
export type EmailTemplatePreview = z.infer<typeof EmailTemplatePreview>;

const byId = (path: string) => `super_admin/email_templates/:id${path}`;

export const superAdminEmailTemplatesApi = {
  list: endpoint({
    method: 'GET',
    path: 'super_admin/email_templates',
    access: 'super_admin',
    summary: 'Every e-mail template the product sends, by name',
    response: z.object({ templates: z.array(EmailTemplateRow) }),
  }),
  get: endpoint({
    method: 'GET',
    path: byId(''),
    access: 'super_admin',
    summary: 'One template with its body and the placeholders it may use (404 unknown)',
    response: z.object({ template: EmailTemplateDetail }),
  }),
  save: endpoint({
    method: 'POST',
    path: byId(''),
    access: 'super_admin',
    summary: 'Save subject and body (body sanitized; unknown placeholders refused); the next mail uses them',
    body: EmailTemplateBody,
    response: z.object({ success: z.boolean(), message: z.string(), template: EmailTemplateDetail }),
  }),
  preview: endpoint({
    method: 'POST',
    path: byId('/preview'),
    access: 'super_admin',
    summary: 'Render subject and body (saved or not) with sample values; stores nothing',
    body: EmailTemplateBody,
    response: z.object({ preview: EmailTemplatePreview }),
  }),
} as const;
