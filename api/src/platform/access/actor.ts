import { isLimitedMembership, type ConnectScope, type MembershipType, type Role } from '@casebridge/contracts';
import type { FastifyRequest } from 'fastify';

/** Who is calling: resolved once per request by AccessGuard from the bearer token. */
export interface Actor {
  userId: number;
  role: Role;
  companyId: number | null;
  /** The membership type of the user's company; null without a company. */
  membershipType: MembershipType | null;
  sessionId: string;
  /** Set while a super admin is logged in as this user. */
  impersonatorId: number | null;
  /** Set when the caller authenticated with an API token (`cbk_...`) instead of a session JWT. */
  apiTokenId?: number;
  /** Set when the caller is an OAuth client of the integration API: its id and the scopes of its access token. */
  oauthClientId?: number;
  scopes?: readonly ConnectScope[];
}

export interface RequestWithActor extends FastifyRequest {
  actor?: Actor;
}

/** A member of a company whose membership level is limited; super admins are never limited. */
export function hasLimitedMembership(actor: Actor): boolean {
  return actor.role !== 'super_admin' && actor.companyId !== null && isLimitedMembership(actor.membershipType);
}
