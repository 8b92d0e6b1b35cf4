import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, concatMap, from, throwError, type Observable } from 'rxjs';
import { CachedReads } from './cached-reads.service';

/** Methods that change nothing: their answers need not wait for the cache. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write's answer leaves only once this instance's cached reads have seen the write's change (CachedReads.sync),
 * so whoever wrote reads their own change next, from any screen. Failed writes wait too: a handler may have
 * committed part of its work before it threw.
 */
@Injectable()
export class FreshReadsAfterWrites implements NestInterceptor {
  constructor(private readonly reads: CachedReads) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const method = context.switchToHttp().getRequest<{ method: string }>().method;
    if (READ_METHODS.has(method)) return next.handle();
    return next.handle().pipe(
      concatMap((value) => from(this.reads.sync().then(() => value))),
      catchError((error: unknown) => from(this.reads.sync()).pipe(concatMap(() => throwError(() => error)))),
    );
  }
}
