import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  API_TOKEN_MESSAGES,
  isCompanyAdminRole,
  MESSAGES,
  type ApiTokenListResponse,
  type CreateApiTokenBody,
  type CreatedApiTokenResponse,
} from '@casebridge/contracts';
import { ApiToken, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { newRawApiToken, hashApiToken } from '../../platform/authentication/api-token-secret';
import { toApiToken, toApiTokenUser } from './api-token.mappers';

/** Who manages tokens, and whose: a company admin all of the company's, an api user its own. */
interface TokenManager {
  companyId: number;
  userId: number;
  isAdmin: boolean;
}

/**
 * API tokens of users of role api. The raw token is returned once, on creation; only its sha256 is stored.
 * Tokens of another company (or, for an api user, of another user) answer 404 as if they did not exist.
 */
@Injectable()
export class ApiTokensService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor): Promise<ApiTokenListResponse> {
    const manager = managerOf(actor);
    const tokens = await this.em.find(
      ApiToken,
      { ...this.visibleTo(manager), revokedAt: null },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { tokens: tokens.map(toApiToken), api_users: (await this.creatableFor(manager)).map(toApiTokenUser) };
  }

  async create(actor: Actor, body: z.output<typeof CreateApiTokenBody>): Promise<CreatedApiTokenResponse> {
    const manager = managerOf(actor);
    const user = await this.tokenUser(manager, body.user_id);
    const raw = newRawApiToken();
    const token = this.em.create(ApiToken, { user, name: body.name, tokenHash: hashApiToken(raw) });
    await this.em.flush();
    return { token: toApiToken(token), raw_token: raw };
  }

  async revoke(actor: Actor, id: number): Promise<{ success: boolean; message: string }> {
    const manager = managerOf(actor);
    const token = await this.em.findOne(ApiToken, { ...this.visibleTo(manager), id, revokedAt: null });
    if (!token) throw new NotFoundException(API_TOKEN_MESSAGES.notFound);
    token.revokedAt = new Date();
    await this.em.flush();
    return { success: true, message: API_TOKEN_MESSAGES.revoked };
  }

  private visibleTo(manager: TokenManager): { user: number | { company: number } } {
    return manager.isAdmin ? { user: { company: manager.companyId } } : { user: manager.userId };
  }

  /** The company's active api users for an admin; the api user itself otherwise. */
  private creatableFor(manager: TokenManager): Promise<User[]> {
    return this.em.find(
      User,
      {
        company: manager.companyId,
        role: 'api',
        status: 'active',
        approvalStatus: 'approved',
        ...(manager.isAdmin ? {} : { id: manager.userId }),
      },
      { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
  }

  /** An active api user of the manager's company; an api user may only name itself (or nobody). */
  private async tokenUser(manager: TokenManager, userId: number | null): Promise<User> {
    if (!manager.isAdmin && userId !== null && userId !== manager.userId) {
      throw new ForbiddenException(API_TOKEN_MESSAGES.onlyOwn);
    }
    const id = manager.isAdmin ? userId : manager.userId;
    if (id === null) throw ValidationException.forField('user_id', API_TOKEN_MESSAGES.userRequired);
    const user = await this.em.findOne(User, {
      id,
      company: manager.companyId,
      role: 'api',
      status: 'active',
      approvalStatus: 'approved',
    });
    // The same answer for another company's user and an unsuitable one of ours: nothing is revealed.
    if (!user) throw ValidationException.forField('user_id', API_TOKEN_MESSAGES.userInvalid);
    return user;
  }
}

/** Company admins and api users manage tokens; every other role (and a super admin, who has no company) gets 403. */
function managerOf(actor: Actor): TokenManager {
  const isAdmin = isCompanyAdminRole(actor.role);
  if ((!isAdmin && actor.role !== 'api') || actor.companyId === null) throw new ForbiddenException(MESSAGES.noAccess);
  return { companyId: actor.companyId, userId: actor.userId, isAdmin };
}
