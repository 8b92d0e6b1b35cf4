import { Global, Module } from '@nestjs/common';
import { ApiTokenAuthenticator } from './api-token-authenticator';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';

/** API tokens for users of role api. Global because AccessGuard (an app-wide guard) needs the authenticator. */
@Global()
@Module({
  controllers: [ApiTokensController],
  providers: [ApiTokensService, ApiTokenAuthenticator],
  exports: [ApiTokenAuthenticator],
})
export class ApiTokensModule {}
