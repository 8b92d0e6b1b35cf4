import { Controller } from '@nestjs/common';
import { API, ApprovalBody, VerifyAccountBody } from '@casebridge/contracts';
import { z } from 'zod';
import { ClientIp } from '../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { parseOrThrow } from '../platform/common/errors';
import { RegistrationService, type ApprovalAction } from './registration.service';

const ApprovalActionParam = z.object({
  action: z.enum(['approve', 'reject'], { error: 'The action must be approve or reject.' }),
});

/** Registration's links: verifying an address, asking for a new verification mail, approving an account. */
@Controller()
export class AccountsController {
  constructor(private readonly registration: RegistrationService) {}

  @Route(API.auth.verify)
  verify(@TextParam('token') token: string) {
    return this.registration.verify(token);
  }

  @Route(API.auth.verifyAccount)
  verifyAccount(@ValidBody() body: z.output<typeof VerifyAccountBody>, @ClientIp() ip: string) {
    return this.registration.resendVerification(body.email, ip);
  }

  @Route(API.account.approval)
  approval(
    @TextParam('token') token: string,
    @TextParam('action') action: string,
    @ValidBody() body: z.output<typeof ApprovalBody>,
  ) {
    const decided: ApprovalAction = parseOrThrow(ApprovalActionParam, { action }).action;
    return this.registration.decide(token, decided, body.note);
  }
}
