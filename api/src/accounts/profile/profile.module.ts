import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts.module';
import { ProfileController } from './profile.controller';
import { ProfileSecurityService } from './profile-security.service';

/** The signed-in user's password and account. */
@Module({
  imports: [AccountsModule],
  controllers: [ProfileController],
  providers: [ProfileSecurityService],
})
export class ProfileModule {}
