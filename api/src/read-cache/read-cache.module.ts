import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CachedReads } from './cached-reads.service';
import { FreshReadsAfterWrites } from './fresh-reads.interceptor';

/** The instance's cache of hot reads, dropped by the database's change announcements (cached-reads.service.ts). */
@Global()
@Module({
  providers: [CachedReads, { provide: APP_INTERCEPTOR, useClass: FreshReadsAfterWrites }],
  exports: [CachedReads],
})
export class ReadCacheModule {}
