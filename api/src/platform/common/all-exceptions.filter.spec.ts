import type { ArgumentsHost } from '@nestjs/common';
import { ConnectionException, DriverException } from '@mikro-orm/core';
import { AllExceptionsFilter } from './all-exceptions.filter';

/** What the filter wrote on a Fastify-like reply. */
function answerTo(exception: unknown) {
  const written: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const reply = {
    sent: false,
    headers(headers: Record<string, string>) {
      Object.assign(written.headers, headers);
      return reply;
    },
    status(code: number) {
      written.status = code;
      return reply;
    },
    type(contentType: string) {
      written.headers['content-type'] = contentType;
      return reply;
    },
    send(body: unknown) {
      written.body = body;
      return reply;
    },
  };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => reply }) } as ArgumentsHost;
  const filter = new AllExceptionsFilter(1024);
  // The 5xx log line is not under test.
  Object.assign(filter, { logger: { error: () => undefined } });
  filter.catch(exception, host);
  return written;
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('AllExceptionsFilter: database or Redis unreachable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['admin shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown (57P02)', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['connection failure class 08', pgError('08006', 'connection failure')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot hand out a connection', new Error('Knex: Timeout acquiring a connection. The pool is full?')],
    ['MikroORM wrapping the driver error', new ConnectionException(pgError('ECONNRESET', 'read ECONNRESET'))],
    ['a cause two levels down', new Error('query failed', { cause: new Error('x', { cause: pgError('57P01', 'y') }) })],
  ])('answers 503 with Retry-After for %s', (_name, exception) => {
    const answer = answerTo(exception);
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toMatch(/^\d+$/);
    expect(answer.body).toEqual({ error: 'The service is temporarily unavailable. Please try again shortly.' });
  });

  it.each([
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a query error that is not about the connection', new DriverException(pgError('42703', 'column does not exist'))],
  ])('still answers 500 without Retry-After for %s', (_name, exception) => {
    const answer = answerTo(exception);
    expect(answer.status).toBe(500);
    expect(answer.headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
  });
});
