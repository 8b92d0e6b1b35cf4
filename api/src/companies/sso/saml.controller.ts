import { Controller, Req, Res } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Route, TextParam, ValidQuery } from '../../platform/common/contract-route';
import { SamlFlowService } from './saml-flow.service';

type LoginQuery = z.output<NonNullable<typeof API.saml.login.query>>;

/** The browser-facing SAML endpoints under /saml2/{slug}: they answer with XML or redirects, never JSON. */
@Controller()
export class SamlController {
  constructor(private readonly flow: SamlFlowService) {}

  @Route(API.saml.metadata)
  async metadata(@TextParam('slug') slug: string, @Res() reply: FastifyReply) {
    const xml = await this.flow.metadata(slug);
    return reply.type('application/xml').send(xml);
  }

  @Route(API.saml.login)
  async login(@TextParam('slug') slug: string, @ValidQuery() query: LoginQuery, @Res() reply: FastifyReply) {
    return reply.redirect(await this.flow.loginRedirect(slug, query.redir), 302);
  }

  @Route(API.saml.acs)
  async acs(@TextParam('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const form = (request.body ?? {}) as Record<string, unknown>;
    // 303: the browser follows a POST with a GET.
    return reply.redirect(await this.flow.consume(slug, form), 303);
  }

  @Route(API.saml.logout)
  async logout(@TextParam('slug') slug: string, @Res() reply: FastifyReply) {
    return reply.redirect(await this.flow.logoutRedirect(slug), 302);
  }
}
