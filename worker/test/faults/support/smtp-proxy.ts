import net from 'net';
import { waitFor } from '../../../../test/wait-for';

const END_OF_DATA = '\r\n.\r\n';

interface Conversation {
  client: net.Socket;
  server: net.Socket;
  /** The client finished a message; the server's next answer accepts (or refuses) it. */
  messageSent: boolean;
  held: Buffer[];
  tail: string;
}

/**
 * A TCP proxy in front of an SMTP server (maildev) that can hold back the server's answer to a finished message:
 * the server has accepted and stored the mail, but the sender does not know yet. That is the slowest moment of an
 * SMTP conversation to die in: the mail went out, the sender has not recorded it.
 */
export class SmtpProxy {
  private server?: net.Server;
  private boundPort = 0;
  private readonly conversations = new Set<Conversation>();
  private holding = false;
  /** Acceptances currently held back (each one a mail the server stored). */
  heldCount = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<this> {
    this.server = net.createServer((client) => this.open(client));
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.boundPort}`;
  }

  /** From now on, answers to finished messages are held until release(). */
  hold(): void {
    this.holding = true;
  }

  /** Stops holding and passes the held answers on (to senders still connected). */
  release(): void {
    this.holding = false;
    this.heldCount = 0;
    for (const conversation of this.conversations) {
      for (const chunk of conversation.held.splice(0)) {
        if (!conversation.client.destroyed) conversation.client.write(chunk);
      }
    }
  }

  /** Waits until `count` acceptances are held. */
  async waitForHeld(count: number, timeoutMs = 15_000): Promise<void> {
    await waitFor(
      () => this.heldCount,
      (held) => held >= count,
      { what: `${count} held SMTP answers`, timeoutMs, everyMs: 50 },
    );
  }

  async stop(): Promise<void> {
    for (const conversation of this.conversations) {
      conversation.client.destroy();
      conversation.server.destroy();
    }
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private open(client: net.Socket): void {
    const server = net.connect(this.targetPort, '127.0.0.1');
    const conversation: Conversation = { client, server, messageSent: false, held: [], tail: '' };
    this.conversations.add(conversation);
    const close = () => {
      client.destroy();
      server.destroy();
      this.conversations.delete(conversation);
    };
    client.on('error', close).on('close', close);
    server.on('error', close).on('close', close);

    client.on('data', (chunk: Buffer) => {
      conversation.tail = (conversation.tail + chunk.toString('latin1')).slice(-END_OF_DATA.length);
      if (conversation.tail === END_OF_DATA) conversation.messageSent = true;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (conversation.messageSent) {
        conversation.messageSent = false;
        if (this.holding) {
          conversation.held.push(chunk);
          this.heldCount += 1;
          return;
        }
      }
      if (conversation.held.length > 0) conversation.held.push(chunk);
      else client.write(chunk);
    });
  }
}
