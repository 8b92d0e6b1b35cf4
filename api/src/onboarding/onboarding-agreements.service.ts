import { ConflictException, Injectable } from '@nestjs/common';
import type { AgreementsBody, OnboardingAgreements } from '@casebridge/contracts';
import type { OnboardingSession } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../platform/common/errors';
import {
  acceptedAgreements,
  agreementsRefused,
  allAccepted,
  applicantKind,
  nextAfterAgreements,
  paymentRequired,
  requiredAgreements,
  stepAfterAgreements,
  storedData,
} from './onboarding-rules';
import { OnboardingSessionsService } from './onboarding-sessions.service';

export const CONTACT_FIRST = 'Please complete the contact details first.';

/** Names asked on the agreements page (and with register/existing) when the applicant's are unknown. */
export interface NamesInput {
  first_name?: string | null;
  last_name?: string | null;
}

/** Step 2: the agreements, and the applicant's names when unknown. */
@Injectable()
export class OnboardingAgreementsService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: OnboardingSessionsService,
  ) {}

  async accept(vhost: string, body: AgreementsBody) {
    const session = await this.sessions.openForStep(vhost, body.session_token);
    assertContactDone(session);
    if (body.save_for_later) {
      this.storeTicks(session, body.agreements, false);
      this.storeNames(session, body);
      return this.sessions.saveForLater(session);
    }
    await this.assertNames(session, body);
    const accepted = this.checkAgreements(session, body.agreements);
    this.storeTicks(session, accepted, true);
    this.storeNames(session, body);

    const kind = applicantKind(session);
    const paymentDue = paymentRequired(session.community, session) && !(await this.sessions.isPaid(session));
    session.step = stepAfterAgreements(kind);
    this.sessions.resume(session);
    await this.em.flush();
    return {
      valid: true,
      next: nextAfterAgreements(kind, paymentDue),
      session: await this.sessions.view(session),
    };
  }

  /** Every required agreement ticked (the others accepted automatically), else 422 with the accept-all warning. */
  checkAgreements(session: OnboardingSession, ticked: Partial<OnboardingAgreements>): OnboardingAgreements {
    const accepted = acceptedAgreements(requiredAgreements(session.community, session), ticked);
    if (!allAccepted(accepted)) throw agreementsRefused();
    return accepted;
  }

  /** Whether the stored agreements are complete for this session. */
  agreementsDone(session: OnboardingSession): boolean {
    const data = storedData(session);
    const accepted = acceptedAgreements(requiredAgreements(session.community, session), data.agreements);
    return data.agreements_done === true && allAccepted(accepted);
  }

  storeTicks(session: OnboardingSession, agreements: Partial<OnboardingAgreements>, done: boolean): void {
    this.sessions.patchData(session, {
      agreements: { ...storedData(session).agreements, ...agreements },
      ...(done ? { agreements_done: true } : {}),
    });
  }

  /** First and last name are required while the applicant's names are unknown (422 first_name / last_name). */
  async assertNames(session: OnboardingSession, names: NamesInput): Promise<void> {
    if (await this.namesKnown(session)) return;
    const errors: Record<string, string[]> = {};
    if (!names.first_name) errors.first_name = ['The first name is required.'];
    if (!names.last_name) errors.last_name = ['The last name is required.'];
    if (Object.keys(errors).length) throw new ValidationException(errors);
  }

  storeNames(session: OnboardingSession, names: NamesInput): void {
    if (!names.first_name && !names.last_name) return;
    const user = storedData(session).user ?? {};
    this.sessions.patchData(session, {
      user: {
        ...user,
        ...(names.first_name ? { first_name: names.first_name } : {}),
        ...(names.last_name ? { last_name: names.last_name } : {}),
      },
    });
  }

  private async namesKnown(session: OnboardingSession): Promise<boolean> {
    return (await this.sessions.view(session)).names_known;
  }
}

/** The contact step comes first: its completion moves the session past the contact page. */
export function assertContactDone(session: OnboardingSession): void {
  if (session.step === 'contact') throw new ConflictException(CONTACT_FIRST);
}
