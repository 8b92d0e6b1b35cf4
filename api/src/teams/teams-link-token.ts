import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a group's Teams connection link: `{group id}.{signature}`, signed with the server's secret, so
 * nobody can make one for a group and it needs no table. It names the group; it grants nothing else.
 */
export function teamsLinkToken(groupId: number, secret: string): string {
  return `${groupId}.${signature(groupId, secret)}`;
}

/** The group a token names, or null when it is malformed or not signed by this server. */
export function groupOfTeamsLinkToken(token: string, secret: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const groupId = Number(match[1]);
  const expected = Buffer.from(signature(groupId, secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? groupId : null;
}

function signature(groupId: number, secret: string): string {
  return createHmac('sha256', secret).update(`msteams-connection:${groupId}`).digest('base64url');
}
