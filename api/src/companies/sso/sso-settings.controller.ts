import { BadRequestException, Controller, Injectable, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { FileUpload } from '../../platform/common/multipart';
import { API, SSO_IDENTITY_FILE_FIELD, type SsoSettingsBody } from '@casebridge/contracts';
import { catchError, type Observable } from 'rxjs';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, ValidBody } from '../../platform/common/contract-route';
import { ValidationException } from '../../platform/common/errors';
import { SsoSettingsService, type IdentityFile } from './sso-settings.service';

/** multer's complaints about the form (a file in another field, two files) become the file field's 422. */
@Injectable()
class IdentityFileErrors implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof BadRequestException && /file|field/i.test(error.message)) {
          throw ValidationException.forField(
            SSO_IDENTITY_FILE_FIELD,
            'Please upload one XML file as the identity file.',
          );
        }
        throw error;
      }),
    );
  }
}

/** Admin page "Single Sign-On setup" (admin.company.sso). */
@Controller()
export class SsoSettingsController {
  constructor(private readonly settings: SsoSettingsService) {}

  @Route(API.adminSso.settings)
  read(@CurrentActor() actor: Actor) {
    return this.settings.settings(actor);
  }

  @Route(API.adminSso.save)
  @UseInterceptors(IdentityFileErrors, FileUpload(SSO_IDENTITY_FILE_FIELD))
  save(
    @CurrentActor() actor: Actor,
    @ValidBody() body: z.output<typeof SsoSettingsBody>,
    @UploadedFile() file: IdentityFile | undefined,
  ) {
    return this.settings.save(actor, body, file);
  }
}
