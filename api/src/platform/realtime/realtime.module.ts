import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CaseFollowRulesRegistry } from './case-follow-rules';
import { CaseEventBroadcaster } from './case-event.broadcaster';
import { CommittedCaseEvents } from './committed-case-events';
import { LiveFanout } from './live-fanout';
import { PresenceService } from './presence.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { RealtimeRelayConsumer } from './realtime-relay.consumer';

/**
 * Live updates over Socket.IO. Global: any feature may publish through RealtimePublisher, and hear of committed case
 * events (CommittedCaseEvents).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    CaseFollowRulesRegistry,
    RealtimeGateway,
    LiveFanout,
    RealtimePublisher,
    PresenceService,
    CommittedCaseEvents,
    CaseEventBroadcaster,
    RealtimeRelayConsumer,
  ],
  exports: [RealtimePublisher, CommittedCaseEvents],
})
export class RealtimeModule {}
