import { ForbiddenException, Injectable } from '@nestjs/common';
import { PASSWORD_LOGIN_METHODS, type PasswordChangeBody } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { hashPassword } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentPasswordCheck } from '../current-password.service';
import { SessionTokenService } from '../../platform/authentication/session-token.service';

/** Password change and account deletion from the profile page. */
@Injectable()
export class ProfileSecurityService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionTokenService,
    private readonly currentPassword: CurrentPasswordCheck,
  ) {}

  /**
   * Users of requires_registration and email_link companies (and API users anywhere) set their own password;
   * SSO users sign in at their identity provider. Every other session of the user ends.
   */
  async changePassword(actor: Actor, body: z.output<typeof PasswordChangeBody>): Promise<{ success: true }> {
    refuseWhileImpersonating(actor);
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company'] });
    const method = user.company?.loginMethod;
    if (user.role !== 'api' && user.role !== 'super_admin' && !(method && PASSWORD_LOGIN_METHODS.includes(method))) {
      throw new ForbiddenException('Your company signs in with Single Sign-On; its password cannot be changed here.');
    }
    await this.currentPassword.assert(user, body.current_password);
    user.passwordHash = await hashPassword(body.password);
    await this.em.flush();
    await this.sessions.revokeUserSessions(user.id, 'password_change', actor.sessionId);
    return { success: true };
  }

  /**
   * Deletes the signed-in user's own account. Their sessions end first; cases, notes and responses they wrote keep
   * their content (the foreign keys set the author to null). Super admins are removed by another super admin.
   */
  async deleteAccount(actor: Actor): Promise<{ success: true }> {
    refuseWhileImpersonating(actor);
    if (actor.role === 'super_admin') {
      throw new ForbiddenException('A super admin account cannot delete itself.');
    }
    await this.em.transactional(async () => {
      await this.sessions.revokeUserSessions(actor.userId, 'account_deleted');
      await this.em.nativeDelete(User, { id: actor.userId });
    });
    return { success: true };
  }
}

/** A super admin logged in as a user may look around, not change that user's credentials or remove them. */
function refuseWhileImpersonating(actor: Actor): void {
  if (actor.impersonatorId !== null) {
    throw new ForbiddenException('This is not possible while logged in as another user.');
  }
}
