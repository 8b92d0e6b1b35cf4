import { Module } from '@nestjs/common';
import { MailProcessor } from './mail.processor';
import { MailSenderService } from './mail-sender.service';

@Module({
  providers: [MailSenderService, MailProcessor],
})
export class MailModule {}
