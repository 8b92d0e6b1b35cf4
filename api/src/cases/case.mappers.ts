import type { CaseAttachmentShape } from '@casebridge/contracts';
import type { CaseAttachment } from '@casebridge/db';

/** Relations an answer through the token link loads with its case (status rules, mails). */
export const CASE_ENTRY_POPULATE = [
  'submitterCompany',
  'receiverCompany',
  'receiverDepartment',
  'document',
  'documentVersion',
  'customerData',
  'responses',
] as const;

/** The case pages are read in SQL (CaseDetailsService); an attachment just written is mapped here. */
export function toCaseAttachment(attachment: CaseAttachment): CaseAttachmentShape {
  return {
    id: attachment.id,
    original_filename: attachment.originalFilename,
    size_bytes: attachment.sizeBytes,
    description: attachment.description,
    upload_state: attachment.uploadState,
    created_at: attachment.createdAt.toISOString(),
    company: attachment.company ? { name: attachment.company.name } : null,
  };
}
