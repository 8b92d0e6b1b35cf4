import { Module } from '@nestjs/common';
import { SandboxPartnerService } from './sandbox-partner.service';

/**
 * The sandbox partner that answers test cases by itself. Its answer jobs ride the notifications queue (queued by the
 * case-event fan-out, handled by NotificationsProcessor), so it has no processor of its own.
 */
@Module({
  providers: [SandboxPartnerService],
  exports: [SandboxPartnerService],
})
export class SandboxModule {}
