import { Module } from '@nestjs/common';
import { MailQueueWorker } from './mail-queue.worker';
import { MailSenderService } from './mail-sender.service';

@Module({
  providers: [MailSenderService, MailQueueWorker],
})
export class MailModule {}
