import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ServerConfig } from '@casebridge/server-core';
import { Client } from 'pg';
import { SERVER_CONFIG } from '../config/config.module';

/**
 * The readiness probe's own connection to PostgreSQL, outside the ORM's pool. A probe that waited for a pooled
 * connection would time out whenever the pool is busy, and a balancer would take every busy instance out of
 * rotation at once (all of them under a burst), answering 503 to everyone. Readiness asks whether the database
 * answers, not whether this instance is idle. Connected on first use, and again after any failure.
 */
@Injectable()
export class DatabaseProbe implements OnApplicationShutdown {
  private client: Promise<Client> | null = null;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /** `select 1` on the probe's connection (the shape checkReadiness takes); rejects when the database does not answer. */
  async execute(sql: string): Promise<unknown> {
    const pending = (this.client ??= this.connect());
    let client: Client | null = null;
    try {
      client = await pending;
      return await client.query(sql);
    } catch (error) {
      // Connected again at the next probe; a query on a lost connection fails here, so nothing stays broken.
      if (this.client === pending) this.client = null;
      void client?.end().catch(() => undefined);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'casebridge-probe',
      connectionTimeoutMillis: 2000,
    });
    // A connection lost while idle makes the next query fail, which replaces it.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
}
