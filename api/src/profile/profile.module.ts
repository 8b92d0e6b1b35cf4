import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller';
import { ProfileSecurityService } from './profile-security.service';

/** The signed-in user's password and account. */
@Module({
  controllers: [ProfileController],
  providers: [ProfileSecurityService],
})
export class ProfileModule {}
