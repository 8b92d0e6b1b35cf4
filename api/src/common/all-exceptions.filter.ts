import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { MESSAGES, uploadTooLargeMessage } from '@casebridge/contracts';
import { DriverException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Response } from 'express';
import { ValidationException } from './errors';

interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The one error shape of the api (spec/README.md "API style"). Never a 500 for bad input. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly uploadLimitBytes: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const answer = this.answerFor(exception);
    if (answer.status >= 500)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(answer.status).json(answer.body);
  }

  private answerFor(exception: unknown): ErrorAnswer {
    if (exception instanceof ValidationException) {
      return { status: 422, body: { message: exception.message, errors: exception.errors } };
    }
    if (exception instanceof HttpException) return httpAnswer(exception, this.uploadLimitBytes);
    if (isBodyParserError(exception)) return bodyParserAnswer(exception, this.uploadLimitBytes);
    if (exception instanceof NotFoundError) return { status: 404, body: { error: 'Not found.' } };
    if (exception instanceof UniqueConstraintViolationException) {
      return { status: 409, body: { error: 'This record already exists.' } };
    }
    if (exception instanceof DriverException && isConnectionError(exception)) {
      return { status: 503, body: { error: 'The service is temporarily unavailable. Please try again shortly.' } };
    }
    if (isConnectionError(exception)) {
      return { status: 503, body: { error: 'The service is temporarily unavailable. Please try again shortly.' } };
    }
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

interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(exception: unknown): exception is BodyParserError {
  return typeof exception === 'object' && exception !== null && 'type' in exception && 'status' in exception;
}

function bodyParserAnswer(exception: BodyParserError, uploadLimitBytes: number): ErrorAnswer {
  if (exception.type === 'entity.too.large') {
    return { status: 413, body: { error: uploadTooLargeMessage(formatBytes(uploadLimitBytes)) } };
  }
  if (exception.type === 'entity.parse.failed')
    return { status: 400, body: { error: 'The request body is not valid JSON.' } };
  return {
    status: exception.status >= 400 && exception.status < 500 ? exception.status : 400,
    body: { error: 'The request could not be read.' },
  };
}

function isConnectionError(exception: unknown): boolean {
  const code = (exception as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'ETIMEDOUT'].includes(code);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${bytes} bytes`;
}
