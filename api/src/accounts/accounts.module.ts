import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';

/** Registration, verification, approval and the user's own profile. */
@Module({
  controllers: [AccountsController],
  providers: [RegistrationService, ProfileService],
  exports: [RegistrationService, ProfileService],
})
export class AccountsModule {}
