import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a Teams connection link names: the group, and which of its links (each stored connection uses one up). */
export interface TeamsLink {
  groupId: number;
  version: number;
}

/**
 * The token of a group's Teams connection link: `{group id}.{link version}.{signature}`, signed with the server's
 * secret, so nobody can make one for a group and it needs no table. Storing a connection moves the group to the
 * next version, which makes the used link worthless.
 */
export function teamsLinkToken({ groupId, version }: TeamsLink, secret: string): string {
  return `${groupId}.${version}.${signature(groupId, version, secret)}`;
}

/** The link a token names, or null when it is malformed or not signed by this server. */
export function parseTeamsLinkToken(token: string, secret: string): TeamsLink | null {
  const match = /^([1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const link = { groupId: Number(match[1]), version: Number(match[2]) };
  const expected = Buffer.from(signature(link.groupId, link.version, secret));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? link : null;
}

function signature(groupId: number, version: number, secret: string): string {
  return createHmac('sha256', secret).update(`msteams-connection:${groupId}:${version}`).digest('base64url');
}
