import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CasePosition } from '../../cases/case-details.service';

const MAC_BYTES = 12;
const POSITION_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/;
const MAX_ID = 2_147_483_647;

/**
 * The list's cursors: the position, signed so that only a cursor this api gave out is taken (a made-up one is a 422,
 * never a page from an arbitrary position), base64url so it travels in a query string as is.
 */
export class CollaborationCursors {
  constructor(private readonly secret: string) {}

  encode(position: CasePosition): string {
    const text = `${position.createdAt}|${position.id}`;
    return Buffer.concat([this.macOf(text), Buffer.from(text, 'latin1')]).toString('base64url');
  }

  /** The position a cursor names, or null for anything that is not a cursor this list gave out. */
  decode(cursor: string): CasePosition | null {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
    const bytes = Buffer.from(cursor, 'base64url');
    if (bytes.length <= MAC_BYTES) return null;
    const text = bytes.subarray(MAC_BYTES).toString('latin1');
    if (!timingSafeEqual(bytes.subarray(0, MAC_BYTES), this.macOf(text))) return null;
    const match = POSITION_TEXT.exec(text);
    if (!match || Number(match[2]) > MAX_ID) return null;
    return { createdAt: match[1], id: Number(match[2]) };
  }

  private macOf(text: string): Buffer {
    return createHmac('sha256', this.secret)
      .update(`collaboration-requests cursor\n${text}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
