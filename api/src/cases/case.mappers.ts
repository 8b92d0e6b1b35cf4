import type { CaseAttachmentShape, CaseNoteShape } from '@casebridge/contracts';
import type { CaseAttachment, CaseNote } from '@casebridge/db';

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

/** The case pages are read in SQL (CaseDetailsService); a note or attachment just written is mapped here. */
export function toCaseNote(note: CaseNote): CaseNoteShape {
  return {
    id: note.id,
    summary: note.summary,
    description: note.description,
    created_at: note.createdAt.toISOString(),
    creator_name: note.creatorName,
    user: note.user ? { full_name: note.user.fullName } : null,
    company: note.company ? { name: note.company.name, url: note.company.url } : null,
    visibility: note.visibility,
  };
}

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
