import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { CurrentPasswordCheck } from './current-password.service';
import { EmailChangeService } from './email-change.service';
import { ProfileSecurityService } from './profile/profile-security.service';
import { ProfileController } from './profile/profile.controller';
import { MailPreferencesController } from './profile/mail-preferences.controller';
import { MailPreferencesService } from './profile/mail-preferences.service';
import { ProfileService } from './profile/profile.service';
import { RegistrationService } from './registration.service';

/** Registration, verification, approval, and the user's own profile (contact details, e-mail, password, deletion). */
@Module({
  controllers: [AccountsController, ProfileController, MailPreferencesController],
  providers: [
    RegistrationService,
    ProfileService,
    MailPreferencesService,
    ProfileSecurityService,
    EmailChangeService,
    CurrentPasswordCheck,
  ],
  exports: [RegistrationService, ProfileService, CurrentPasswordCheck],
})
export class AccountsModule {}
