import { EXPORT_LINK_SECONDS } from '@casebridge/contracts';
import { FILE_TYPES } from '@casebridge/db';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The type of every export, as the file-type rules name it. */
export const XLSX_TYPE = FILE_TYPES.xlsx.mime;
export const EXPORT_LINK_INVALID = 'This download link has expired or is not valid. Please download the export again.';

/**
 * Links to an export's file that the api serves itself (files in the local folder; S3 signs links of its own):
 * `/api/exports/{id}/file?expires=…&signature=…`, an HMAC of the export and the moment the link stops working,
 * keyed by JWT_SECRET under a name of its own, so no other signed value of the api can pass for one.
 */
export function exportFileLink(secret: string, exportId: number, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + EXPORT_LINK_SECONDS;
  const signature = signatureOf(secret, exportId, expires);
  return {
    url: `/api/exports/${exportId}/file?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** Whether a link's signature is the api's for this export and it has not expired. */
export function isValidExportLink(
  secret: string,
  exportId: number,
  link: { expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (link.expires * 1000 <= now) return false;
  const expected = Buffer.from(signatureOf(secret, exportId, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function signatureOf(secret: string, exportId: number, expires: number): string {
  return createHmac('sha256', secret).update(`export-link:${exportId}:${expires}`).digest('base64url');
}
