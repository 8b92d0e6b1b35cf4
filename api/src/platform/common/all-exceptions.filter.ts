import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { MESSAGES, uploadTooLargeMessage } from '@casebridge/contracts';
import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAuthException } from '../authentication/oauth-errors';
import { isConnectPath } from '../connect-http/entity-tags';
import { PROBLEM_CONTENT_TYPE, problemOf } from '../connect-http/problem-details';
import { pathOf } from '../http/request-parts';
import { ValidationException } from './errors';

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Seconds a client should wait before retrying while the database or Redis is unreachable. */
const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE: ErrorAnswer = {
  status: 503,
  body: { error: 'The service is temporarily unavailable. Please try again shortly.' },
  headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
};

/**
 * The one error shape of the api: { error: text }, and { message, errors: { field: [messages] } } for a 422.
 * Never a 500 for bad input.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly uploadLimitBytes: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    const path = pathOf(host.switchToHttp().getRequest<FastifyRequest>());
    const own = this.answerFor(exception);
    if (own.status >= 500)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    // The integration API answers its errors as problem details; the portal's routes keep their shape.
    const connect = isConnectPath(path);
    const answer = connect ? problemOf(own, path) : own;
    if (answer.headers) reply.headers(answer.headers);
    void reply
      .status(answer.status)
      .type(connect ? PROBLEM_CONTENT_TYPE : 'application/json; charset=utf-8')
      .send(answer.body);
  }

  private answerFor(exception: unknown): ErrorAnswer {
    if (exception instanceof ValidationException) {
      return { status: 422, body: { message: exception.message, errors: exception.errors } };
    }
    if (exception instanceof OAuthException) {
      const answer = { error: exception.code, error_description: exception.description };
      const challenge = exception.getStatus() === 401 ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : undefined;
      return { status: exception.getStatus(), body: answer, headers: challenge };
    }
    if (exception instanceof HttpException) return httpAnswer(exception, this.uploadLimitBytes);
    if (isBodyError(exception)) return bodyAnswer(exception, this.uploadLimitBytes);
    if (exception instanceof NotFoundError) return { status: 404, body: { error: 'Not found.' } };
    if (exception instanceof UniqueConstraintViolationException) {
      return { status: 409, body: { error: 'This record already exists.' } };
    }
    if (isConnectionError(exception)) return UNAVAILABLE;
    return { status: 500, body: { error: 'Something went wrong on our side. Please try again later.' } };
  }
}

function httpAnswer(exception: HttpException, uploadLimitBytes: number): ErrorAnswer {
  const status = exception.getStatus();
  if (status === HttpStatus.TOO_MANY_REQUESTS) return { status, body: { error: MESSAGES.tooManyRequests } };
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) {
    return { status, body: { error: uploadTooLargeMessage(formatBytes(uploadLimitBytes)) } };
  }
  const payload = exception.getResponse();
  const message =
    typeof payload === 'string'
      ? payload
      : typeof payload === 'object' && payload !== null && 'message' in payload
        ? String((payload as { message: unknown }).message)
        : exception.message;
  if (status === HttpStatus.NOT_FOUND && /^Cannot (GET|POST|PUT|DELETE|PATCH)/.test(message)) {
    return { status, body: { error: 'Not found.' } };
  }
  return { status, body: { error: message } };
}

/** What Fastify raises while reading a body: its error code and the status it would answer. */
interface BodyError {
  code?: string;
  statusCode: number;
}

function isBodyError(exception: unknown): exception is BodyError {
  if (typeof exception !== 'object' || exception === null || !('statusCode' in exception)) return false;
  const { code, statusCode } = exception as { code?: unknown; statusCode?: unknown };
  // Fastify's own codes, and the JSON parser's SyntaxError that it marks 400.
  const fromFastify = typeof code === 'string' ? code.startsWith('FST_') : exception instanceof SyntaxError;
  return typeof statusCode === 'number' && fromFastify;
}

function bodyAnswer(exception: BodyError, uploadLimitBytes: number): ErrorAnswer {
  if (exception.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { error: uploadTooLargeMessage(formatBytes(uploadLimitBytes)) } };
  }
  if (exception instanceof SyntaxError || exception.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, body: { error: 'The request body is not valid JSON.' } };
  }
  return {
    status: exception.statusCode >= 400 && exception.statusCode < 500 ? exception.statusCode : 400,
    body: { error: 'The request could not be read.' },
  };
}

/** Socket errors of node, PostgreSQL's shutdown / cannot-connect codes (57P01-57P03, class 08). */
const CONNECTION_CODES = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|57P0[123]|08\w{3})$/;
/** What pg and knex say when a connection drops or the pool cannot hand one out in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|Timeout acquiring a connection|the database system is (starting up|shutting down|in recovery mode)/;

/**
 * A database (or Redis) that is down or restarting: a 503 the client may retry, never a 500. MikroORM wraps
 * driver errors (DriverException keeps pg's code); pool errors arrive as plain Errors with only a message.
 */
function isConnectionError(exception: unknown, depth = 0): boolean {
  if (typeof exception !== 'object' || exception === null || depth > 3) return false;
  const { code, message, cause } = exception as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.test(code)) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  return isConnectionError(cause, depth + 1);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${bytes} bytes`;
}
