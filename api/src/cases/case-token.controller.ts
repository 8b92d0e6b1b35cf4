import { Controller } from '@nestjs/common';
import { API, type RespondBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { BearerToken } from '../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { CaseDetailsService } from './case-details.service';
import { CaseResponsesService } from './case-responses.service';

/** The public token pages of a case: no sign-in, the case token is the key. */
@Controller()
export class CaseTokenController {
  constructor(
    private readonly responses: CaseResponsesService,
    private readonly caseDetails: CaseDetailsService,
  ) {}

  @Route(API.cases.publicCase)
  publicCase(@TextParam('token') token: string) {
    return this.caseDetails.forTokenLink(token);
  }

  @Route(API.cases.respond)
  respond(
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof RespondBody>,
    @BearerToken() bearer: string | null,
  ) {
    return this.responses.respond(token, body, bearer);
  }
}
