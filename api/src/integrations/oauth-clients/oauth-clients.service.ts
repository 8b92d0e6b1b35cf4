import { Injectable, NotFoundException } from '@nestjs/common';
import {
  OAUTH,
  OAUTH_MESSAGES,
  type CreateOAuthClientBody,
  type OAuthClientListResponse,
  type OAuthClientSecretResponse,
} from '@casebridge/contracts';
import { Company, OAuthAccessToken, OAuthClient, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { hashApiToken } from '../../platform/authentication/api-token-secret';
import { toApiTokenUser } from '../api-tokens/api-token.mappers';
import { toOAuthClient } from './oauth-client.mappers';

/**
 * OAuth clients of a company, managed by its admins. A secret is shown once (on creation and rotation) and only its
 * sha256 is kept; a rotation keeps the previous secret valid for OAUTH.rotationGraceHours, so a connector can be
 * switched over without downtime. Another company's client answers 404 as if it did not exist.
 */
@Injectable()
export class OAuthClientsService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor): Promise<OAuthClientListResponse> {
    const companyId = companyOf(actor);
    const clients = await this.em.find(
      OAuthClient,
      { company: companyId, revokedAt: null },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const apiUsers = await this.em.find(User, activeApiUsersOf(companyId), {
      orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' },
    });
    return { clients: clients.map((client) => toOAuthClient(client)), api_users: apiUsers.map(toApiTokenUser) };
  }

  async create(actor: Actor, body: z.output<typeof CreateOAuthClientBody>): Promise<OAuthClientSecretResponse> {
    const companyId = companyOf(actor);
    const user = await this.em.findOne(User, { ...activeApiUsersOf(companyId), id: body.user_id });
    if (!user) throw ValidationException.forField('user_id', OAUTH_MESSAGES.userInvalid);
    const secret = newSecret();
    const client = this.em.create(OAuthClient, {
      company: this.em.getReference(Company, companyId),
      user,
      name: body.name,
      clientId: `${OAUTH.clientIdPrefix}${randomBytes(16).toString('base64url')}`,
      secretHash: hashApiToken(secret),
      scopes: body.scopes.join(' '),
    });
    await this.em.flush();
    return { client: toOAuthClient(client), client_secret: secret };
  }

  async rotate(actor: Actor, id: number): Promise<OAuthClientSecretResponse> {
    const client = await this.liveClient(actor, id);
    const secret = newSecret();
    client.previousSecretHash = client.secretHash;
    client.previousSecretExpiresAt = new Date(Date.now() + OAUTH.rotationGraceHours * 3600_000);
    client.secretHash = hashApiToken(secret);
    await this.em.flush();
    return { client: toOAuthClient(client), client_secret: secret };
  }

  /** The client and every token it was issued stop working before this answers. */
  async revoke(actor: Actor, id: number): Promise<{ success: boolean; message: string }> {
    const client = await this.liveClient(actor, id);
    await this.em.transactional(async (tx) => {
      await tx.nativeUpdate(OAuthClient, { id: client.id }, { revokedAt: new Date() });
      await tx.nativeDelete(OAuthAccessToken, { client: client.id });
    });
    return { success: true, message: 'The OAuth client has been revoked.' };
  }

  private async liveClient(actor: Actor, id: number): Promise<OAuthClient> {
    const client = await this.em.findOne(
      OAuthClient,
      { id, company: companyOf(actor), revokedAt: null },
      { populate: ['user'] },
    );
    if (!client) throw new NotFoundException(OAUTH_MESSAGES.notFound);
    return client;
  }
}

/** A company admin always has a company (the endpoint's access says so). */
function companyOf(actor: Actor): number {
  if (actor.companyId === null) throw new NotFoundException(OAUTH_MESSAGES.notFound);
  return actor.companyId;
}

function activeApiUsersOf(companyId: number) {
  return { company: companyId, role: 'api' as const, status: 'active' as const, approvalStatus: 'approved' as const };
}

/** 256 random bits after the prefix. */
function newSecret(): string {
  return `${OAUTH.secretPrefix}${randomBytes(32).toString('base64url')}`;
}
