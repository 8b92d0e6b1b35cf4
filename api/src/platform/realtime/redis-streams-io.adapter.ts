import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { SOCKET_PATH } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/** How long a dropped client's session (rooms, missed packets) is kept for Socket.IO's connection-state recovery. */
const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/**
 * Socket.IO on the Redis Streams adapter: packets between api instances go through a Redis stream, which the
 * adapter resumes after Redis comes back (the pub/sub adapter would drop them), and it supports connection-state
 * recovery, so a client that reconnects within two minutes gets the packets it missed. Beyond that window clients
 * follow their cases again with the last sequence number they saw (see RealtimeGateway).
 */
export class RedisStreamsIoAdapter extends IoAdapter {
  private readonly redis: Redis;
  /** The connections the adapter makes from ours (its stream reader and its pub/sub client). */
  private readonly duplicates: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: ServerConfig,
  ) {
    super(app);
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    const duplicate = this.redis.duplicate.bind(this.redis);
    this.redis.duplicate = (override) => {
      const copy = duplicate(override);
      this.duplicates.push(copy);
      return copy;
    };
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const prefix = this.config.REDIS_PREFIX;
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      adapter: createAdapter(this.redis, {
        streamName: `${prefix}:socket.io`,
        channelPrefix: `${prefix}:socket.io`,
        sessionKeyPrefix: `${prefix}:sio:session:`,
        onlyPlaintext: true,
      }),
    }) as Server;
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    // disconnect, not quit: the adapter keeps a blocking XREAD open that quit would wait for. The adapter closes
    // its reader only once that XREAD returns, which never happens while Redis is away (the reader would keep
    // reconnecting and hold the process open), so its copies are disconnected here too.
    this.redis.disconnect();
    for (const copy of this.duplicates) copy.disconnect();
  }
}
