import { ForbiddenException, type ArgumentsHost } from '@nestjs/common';
import { ConnectionException, DriverException } from '@mikro-orm/core';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { ValidationException } from './errors';

/** What the filter wrote on a Fastify-like reply. */
function answerTo(exception: unknown, path = '/api/caller/my-cases') {
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
  const request = { url: `${path}?page=1`, headers: {} };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as ArgumentsHost;
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

describe('AllExceptionsFilter: the integration API answers problem details', () => {
  it('a 422 lists every field message, with the status phrase and the path', () => {
    const written = answerTo(
      new ValidationException({ after: ['Bad cursor.'], limit: ['Too big.', 'Odd.'] }),
      '/api/v1/events',
    );
    expect(written.status).toBe(422);
    expect(written.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(written.body).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The given data was invalid.',
      instance: '/api/v1/events',
      errors: [
        { field: 'after', message: 'Bad cursor.' },
        { field: 'limit', message: 'Too big.' },
        { field: 'limit', message: 'Odd.' },
      ],
    });
  });

  it('other errors carry their message as detail; the portal keeps its own shape', () => {
    const forbidden = answerTo(new ForbiddenException('No.'), '/api/v1/events');
    expect(forbidden.body).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'No.',
      instance: '/api/v1/events',
    });
    const portal = answerTo(new ForbiddenException('No.'));
    expect(portal.body).toEqual({ error: 'No.' });
    expect(portal.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
