import { API_TOKEN_PREFIX } from '@casebridge/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** A new raw token: the prefix and 32 random bytes (256 bits), base64url. Only its hash is stored. */
export function newRawApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * sha256 of the raw token, hex. A plain hash (no salt, no slow KDF) is enough for 256 random bits, and it lets
 * authentication find the token by an indexed, unique column.
 */
export function hashApiToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}
