import { Global, Module } from '@nestjs/common';
import { CachedReads } from './cached-reads.service';

/**
 * The instance's cache of hot reads, dropped by the database's change announcements (cached-reads.service.ts);
 * configureApp registers its hook for writes (fresh-reads.hook.ts).
 */
@Global()
@Module({ providers: [CachedReads], exports: [CachedReads] })
export class ReadCacheModule {}
