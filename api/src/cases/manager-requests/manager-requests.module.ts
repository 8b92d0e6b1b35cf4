import { Module } from '@nestjs/common';
import { DirectoryModule } from '../../directory/directory.module';
import { ManagerRequestAnswersService } from './manager-request-answers.service';
import { ManagerRequestIntakeService } from './manager-request-intake.service';
import { ManagerRequestsController } from './manager-requests.controller';

/**
 * Manager escalation requests: a member sends one through a partner's manager-type process (the intake, called from
 * the submit-case screen's route), and the managers answer it on its token page.
 */
@Module({
  imports: [DirectoryModule],
  controllers: [ManagerRequestsController],
  providers: [ManagerRequestIntakeService, ManagerRequestAnswersService],
  exports: [ManagerRequestIntakeService],
})
export class ManagerRequestsModule {}
