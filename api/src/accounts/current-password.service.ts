import { Injectable } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@casebridge/contracts';
import { type User } from '@casebridge/db';
import { verifyPassword } from '@casebridge/server-core';
import { ValidationException } from '../platform/common/errors';
import { RateLimiter } from '../platform/redis/rate-limiter.service';

/** Wrong current passwords a user may try before the profile answers 429 for a while. */
const ATTEMPTS = 10;
const WINDOW_SECONDS = 15 * 60;

/**
 * The current password, asked before a signed-in user changes their e-mail address or password: a session left
 * open (or stolen) is not enough to take the account over. Accounts without a password of their own (single
 * sign-on, login links) have nothing to ask; their changes are guarded by the mails instead.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(private readonly rateLimiter: RateLimiter) {}

  async assert(user: User, given: string | null | undefined): Promise<void> {
    if (user.passwordHash === null) return;
    if (!given) throw ValidationException.forField('current_password', PROFILE_MESSAGES.currentPasswordRequired);
    // Counted before the check (like sign-in), so a stolen session cannot guess the password at speed.
    await this.rateLimiter.hit([`current-password:${user.id}`], ATTEMPTS, WINDOW_SECONDS);
    if (!(await verifyPassword(user.passwordHash, given))) {
      throw ValidationException.forField('current_password', PROFILE_MESSAGES.currentPasswordWrong);
    }
    await this.rateLimiter.reset(`current-password:${user.id}`);
  }
}
