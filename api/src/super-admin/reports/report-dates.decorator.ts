import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ReportDatesRange } from '@casebridge/contracts';
import type { Request } from 'express';
import { parseOrThrow } from '../../common/errors';

/** The :start and :end path dates of a ranged report (YY-MM-DD), as YYYY-MM-DD days; 422 keyed start / end. */
export const ReportDates = createParamDecorator((_data: unknown, context: ExecutionContext): ReportDatesRange => {
  const { start, end } = context.switchToHttp().getRequest<Request>().params;
  return parseOrThrow(ReportDatesRange, { start, end });
});
