import { Injectable } from '@nestjs/common';
import { MESSAGES, type ValidateContactBody } from '@casebridge/contracts';
import { Country } from '@casebridge/db';
import { hashPassword } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../platform/common/errors';
import { applicantKind, stepAfterContact } from './onboarding-rules';
import { OnboardingSessionsService } from './onboarding-sessions.service';

/** Step 1: the company and the applicant. */
@Injectable()
export class OnboardingContactService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: OnboardingSessionsService,
  ) {}

  async validate(vhost: string, body: ValidateContactBody) {
    const session = await this.sessions.openForStep(vhost, body.session_token);
    const account = await this.sessions.account(session);
    const errors: Record<string, string[]> = {};
    if (body.user.email !== session.email) {
      errors['user.email'] = ['The email must be the address this application was started with.'];
    }
    // An applicant with an account keeps its password; a new one chooses it here.
    if (!account) {
      if (!body.user.password) errors['user.password'] = ['The password field is required.'];
      else if (body.user.password !== body.user.password_confirmation) {
        errors['user.password_confirmation'] = [MESSAGES.passwordConfirmation];
      }
    }
    if ((await this.em.count(Country, { id: body.company.country_id })) === 0) {
      errors['company.country_id'] = ['The selected country is invalid.'];
    }
    if (Object.keys(errors).length) throw new ValidationException(errors);

    const { password, password_confirmation: _confirmation, ...user } = body.user;
    const passwordHash = !account && password ? await hashPassword(password) : undefined;
    this.sessions.patchData(session, {
      company: body.company,
      user,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    if (body.save_for_later) return this.sessions.saveForLater(session);

    const next = stepAfterContact(applicantKind(session));
    session.step = next;
    this.sessions.resume(session);
    await this.em.flush();
    return { valid: true, next, session: await this.sessions.view(session) };
  }
}
