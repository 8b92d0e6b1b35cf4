import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CaseFollowRulesRegistry } from './case-follow-rules';
import { CaseEventBroadcaster } from './case-event.broadcaster';
import { PresenceService } from './presence.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { RealtimeRelayConsumer } from './realtime-relay.consumer';

/** Live updates over Socket.IO. Global: any feature may publish through RealtimePublisher. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    CaseFollowRulesRegistry,
    RealtimeGateway,
    RealtimePublisher,
    PresenceService,
    CaseEventBroadcaster,
    RealtimeRelayConsumer,
  ],
  exports: [RealtimePublisher],
})
export class RealtimeModule {}
