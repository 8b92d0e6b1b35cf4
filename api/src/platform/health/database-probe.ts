import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PROBE_TIMEOUT_MS, type ServerConfig } from '@casebridge/server-core';
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
    let timer: NodeJS.Timeout | undefined;
    try {
      client = await pending;
      // Bounded here too: a query on a connection that died without a word would wait for ever, and every later
      // probe would queue behind it on the same client.
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer the probe')), PROBE_TIMEOUT_MS);
      });
      return await Promise.race([client.query(sql), late]);
    } catch (error) {
      // Connected again at the next probe.
      this.forget(pending, client);
      throw error;
    } finally {
      clearTimeout(timer);
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
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    await client.connect();
    // By now `this.client` holds this connection's promise (execute assigned it): a connection lost while idle is
    // forgotten at once and replaced at the next probe.
    const pending = this.client;
    client.on('end', () => this.forget(pending, client));
    return client;
  }

  private forget(pending: Promise<Client> | null, client: Client | null): void {
    if (pending && this.client === pending) this.client = null;
    void client?.end().catch(() => undefined);
  }
}
