import { Module } from '@nestjs/common';
import { OAuthClientsController } from './oauth-clients.controller';
import { OAuthClientsService } from './oauth-clients.service';
import { OAuthTokenService } from './oauth-token.service';

/** Machine clients of the integration API (OAuth 2.0 client credentials); platform/authentication checks tokens. */
@Module({
  controllers: [OAuthClientsController],
  providers: [OAuthClientsService, OAuthTokenService],
})
export class OAuthClientsModule {}
