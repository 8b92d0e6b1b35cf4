import { Controller } from '@nestjs/common';
import { API, type ManagerResponseBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { BearerToken } from '../../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import { ManagerRequestAnswersService } from './manager-request-answers.service';

/** The manager escalation response page, reached by its token link. */
@Controller()
export class ManagerRequestsController {
  constructor(private readonly requests: ManagerRequestAnswersService) {}

  @Route(API.manager.get)
  get(@TextParam('token') token: string) {
    return this.requests.get(token);
  }

  @Route(API.manager.responses)
  responses(@TextParam('token') token: string) {
    return this.requests.responses(token);
  }

  @Route(API.manager.respond)
  respond(
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof ManagerResponseBody>,
    @BearerToken() bearer: string | null,
  ) {
    return this.requests.respond(token, body, bearer);
  }
}
