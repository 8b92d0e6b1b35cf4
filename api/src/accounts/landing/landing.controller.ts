import { Controller } from '@nestjs/common';
import { API, AutoLoginBody, LandingSearchBody, LoginLinkBody, RegistrationBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { ClientIp } from '../../platform/access/current-actor.decorator';
import { RegistrationService } from '../registration.service';
import { Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import { LandingService } from './landing.service';

@Controller()
export class LandingController {
  constructor(
    private readonly landing: LandingService,
    private readonly registration: RegistrationService,
  ) {}

  @Route(API.landing.landing)
  page(@TextParam('slug') slug: string) {
    return this.landing.landing(slug);
  }

  @Route(API.landing.search)
  search(@ValidBody() body: z.output<typeof LandingSearchBody>) {
    return this.landing.search(body.term);
  }

  @Route(API.landing.link)
  link(@ValidBody() body: z.output<typeof LoginLinkBody>, @ClientIp() ip: string) {
    return this.landing.sendLoginLink(body, ip);
  }

  @Route(API.landing.register)
  register(
    @TextParam('slug') slug: string,
    @ValidBody() body: z.output<typeof RegistrationBody>,
    @ClientIp() ip: string,
  ) {
    return this.registration.register(slug, body, ip);
  }

  @Route(API.landing.autoLogin)
  autoLogin(@ValidBody() body: z.output<typeof AutoLoginBody>, @ClientIp() ip: string) {
    return this.landing.autoLogin(body.token, ip);
  }
}
