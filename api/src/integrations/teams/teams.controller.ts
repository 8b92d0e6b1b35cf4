import { Controller } from '@nestjs/common';
import { API, type TeamsConfirmBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import { TeamsService } from './teams.service';

const api = API.teams;

/** The Teams connection link of a group (back office) and its public confirmation page's call. */
@Controller()
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Route(api.link)
  link(@IdParam('id') id: number) {
    return this.teams.link(id);
  }

  @Route(api.confirm)
  confirm(@TextParam('token') token: string, @ValidBody() body: z.output<typeof TeamsConfirmBody>) {
    return this.teams.confirm(token, body.webhook_url);
  }
}
