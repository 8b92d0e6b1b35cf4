import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@casebridge/contracts';
import { MailProducer } from './mail.producer';

/**
 * Not global itself: shutdown hooks run module by module, the shallower first and global modules last. Here the
 * producer's last try of the mails still waiting for Redis runs before the mail queue (one level deeper) closes.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.mail })],
  providers: [MailProducer],
  exports: [MailProducer],
})
class MailQueueModule {}

/** Every module may send mail. */
@Global()
@Module({ imports: [MailQueueModule], exports: [MailQueueModule] })
export class MailModule {}
