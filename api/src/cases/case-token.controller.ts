import { Controller, UploadedFiles } from '@nestjs/common';
import { API, type RespondBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { BearerToken } from '../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { CaseDetailsService } from './case-details.service';
import { CaseResponsesService } from './case-responses.service';
import type { StagedFile } from '../platform/common/staged-files';
import { CaseAttachmentUploads } from './case-uploads';

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

  /** JSON, or multipart with the same fields as text and `files` (an information reply's attachments). */
  @Route(API.cases.respond, { upload: CaseAttachmentUploads })
  respond(
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof RespondBody>,
    @BearerToken() bearer: string | null,
    @UploadedFiles() files: StagedFile[] | undefined,
  ) {
    return this.responses.respond(token, body, bearer, files ?? []);
  }
}
