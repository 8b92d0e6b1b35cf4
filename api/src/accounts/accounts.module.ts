import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { CurrentPasswordCheck } from './current-password.service';
import { EmailChangeService } from './email-change.service';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';

/** Registration, verification, approval, the user's own profile and e-mail address. */
@Module({
  controllers: [AccountsController],
  providers: [RegistrationService, ProfileService, EmailChangeService, CurrentPasswordCheck],
  exports: [RegistrationService, ProfileService, CurrentPasswordCheck],
})
export class AccountsModule {}
