import { z } from 'zod';
import { LIMITS } from '../../constants/limits';
import { optionalText } from '../common';
import { endpoint } from '../endpoint';
import { CASE_ATTACHMENT_FILES } from '../member/case-detail';

/** A file of a case, as either company of the case sees it. */
export const CollaborationAttachment = z.object({
  id: z.number(),
  file_name: z.string(),
  size_bytes: z.number(),
  /**
   * The type recorded from the file's content at upload: PDF, PNG, JPEG, GIF, Word, Excel or ZIP, anything else
   * application/octet-stream. The download is served with the type its content proves.
   */
  content_type: z.string(),
  description: z.string().nullable(),
  /** Who added it: the company and the user (null once the user or company was deleted). */
  uploaded_by: z.object({
    company_id: z.number().nullable(),
    company_name: z.string().nullable(),
    user_name: z.string().nullable(),
  }),
  created_at: z.string(),
  /** Where its bytes are: GET it with the same credentials (scope cases:read). */
  download_path: z.string(),
});
export type CollaborationAttachment = z.infer<typeof CollaborationAttachment>;

export const CollaborationAttachmentList = z.object({
  /** Oldest first. */
  data: z.array(CollaborationAttachment),
});
export type CollaborationAttachmentList = z.infer<typeof CollaborationAttachmentList>;

/** The text field of an upload; the files come in the multipart part `files`. */
export const CollaborationAttachmentUploadBody = z.object({
  description: optionalText(LIMITS.summaryMax, 'The description'),
});

export const connectAttachmentsApi = {
  list: endpoint({
    method: 'GET',
    path: 'v1/collaboration-requests/:token/attachments',
    access: 'user',
    scope: 'cases:read',
    summary: "The case's files, oldest first, each with its download_path",
    response: CollaborationAttachmentList,
  }),
  upload: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/attachments',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    status: 201,
    summary:
      'Attach 1 to 5 files (multipart/form-data: files, description) while the case is accepted or waiting for ' +
      'information; If-Match makes it conditional, a file over the upload limit is 413',
    multipart: true,
    fileField: CASE_ATTACHMENT_FILES,
    body: CollaborationAttachmentUploadBody,
    response: CollaborationAttachmentList,
  }),
  download: endpoint({
    method: 'GET',
    path: 'v1/collaboration-requests/:token/attachments/:id/content',
    access: 'user',
    scope: 'cases:read',
    summary:
      "One file's bytes, streamed as a download (Content-Type, Content-Disposition, Content-Length); its ETag " +
      'is the attachment\'s own, "<id>.<size>"',
    response: z.unknown(),
    file: true,
  }),
};
