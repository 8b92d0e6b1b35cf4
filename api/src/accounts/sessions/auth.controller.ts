import { Controller } from '@nestjs/common';
import { API, ForgotPasswordBody, LoginBody, ResetPasswordBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { BearerToken, ClientIp, CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Route(API.auth.login)
  login(@ValidBody() body: z.output<typeof LoginBody>, @ClientIp() ip: string) {
    return this.auth.login(body, ip);
  }

  @Route(API.auth.me)
  me(@CurrentActor() actor: Actor) {
    return this.auth.me(actor);
  }

  @Route(API.auth.refresh)
  refresh(@BearerToken() token: string | null, @ClientIp() ip: string) {
    return this.auth.refresh(token, ip);
  }

  @Route(API.auth.logout)
  logout(@CurrentActor() actor: Actor) {
    return this.auth.logout(actor);
  }

  @Route(API.auth.forgotPassword)
  forgotPassword(@ValidBody() body: z.output<typeof ForgotPasswordBody>, @ClientIp() ip: string) {
    return this.auth.forgotPassword(body.email, ip);
  }

  @Route(API.auth.resetPassword)
  resetPassword(@ValidBody() body: z.output<typeof ResetPasswordBody>, @ClientIp() ip: string) {
    return this.auth.resetPassword(body, ip);
  }

  @Route(API.auth.loginAsUser)
  loginAsUser(@CurrentActor() actor: Actor, @IdParam('id') userId: number) {
    return this.auth.loginAsUser(actor, userId);
  }

  @Route(API.auth.middleware)
  middleware(@BearerToken() token: string | null) {
    return this.auth.middleware(token);
  }
}
