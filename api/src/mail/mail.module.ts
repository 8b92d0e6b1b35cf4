import { Global, Module } from '@nestjs/common';
import { MailProducer } from './mail.producer';

@Global()
@Module({ providers: [MailProducer], exports: [MailProducer] })
export class MailModule {}
