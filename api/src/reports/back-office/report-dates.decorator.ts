import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ReportDatesRange } from '@casebridge/contracts';
import type { FastifyRequest } from 'fastify';
import { parseOrThrow } from '../../platform/common/errors';

/** The :start and :end path dates of a ranged report (YY-MM-DD), as YYYY-MM-DD days; 422 keyed start / end. */
export const ReportDates = createParamDecorator((_data: unknown, context: ExecutionContext): ReportDatesRange => {
  const { start, end } = context
    .switchToHttp()
    .getRequest<FastifyRequest<{ Params: { start?: string; end?: string } }>>().params;
  return parseOrThrow(ReportDatesRange, { start, end });
});
