import { Module } from '@nestjs/common';
import { DigestProcessor } from './digest.processor';
import { DigestService } from './digest.service';

/** The daily digest: one mail per user and local morning with the unread entries they chose to get that way. */
@Module({
  providers: [DigestService, DigestProcessor],
})
export class DigestModule {}
