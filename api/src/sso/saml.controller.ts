import { Controller, Req, Res } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Route, TextParam, ValidQuery } from '../common/contract-route';
import { SamlFlowService } from './saml-flow.service';

type LoginQuery = z.output<NonNullable<typeof API.saml.login.query>>;

/** The browser-facing SAML endpoints under /saml2/{slug}: they answer with XML or redirects, never JSON. */
@Controller()
export class SamlController {
  constructor(private readonly flow: SamlFlowService) {}

  @Route(API.saml.metadata)
  async metadata(@TextParam('slug') slug: string, @Res() res: Response) {
    const xml = await this.flow.metadata(slug);
    res.type('application/xml').send(xml);
  }

  @Route(API.saml.login)
  async login(@TextParam('slug') slug: string, @ValidQuery() query: LoginQuery, @Res() res: Response) {
    res.redirect(302, await this.flow.loginRedirect(slug, query.redir));
  }

  @Route(API.saml.acs)
  async acs(@TextParam('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    const form = (req.body ?? {}) as Record<string, unknown>;
    // 303: the browser follows a POST with a GET.
    res.redirect(303, await this.flow.consume(slug, form));
  }

  @Route(API.saml.logout)
  async logout(@TextParam('slug') slug: string, @Res() res: Response) {
    res.redirect(302, await this.flow.logoutRedirect(slug));
  }
}
