import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { CollaborationRequest } from '@casebridge/contracts';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { caseEntityTag } from './case-versions';

/**
 * The ETag of a case a write answers, as GET /v1/collaboration-requests/{token} tags it: a connector's next If-Match
 * needs no read in between. Placed outside the Idempotency-Key interceptor, so a replayed answer carries it too.
 */
@Injectable()
export class CaseEntityTagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<CollaborationRequest>): Observable<CollaborationRequest> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((request) => {
        void reply.header('ETag', caseEntityTag(request));
        return request;
      }),
    );
  }
}
