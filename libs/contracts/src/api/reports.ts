import { z } from 'zod';
import { pageField, pageSizeField, Paginated } from './common';
import { endpoint } from './endpoint';
import { ExportAnswer } from './exports';
import { ReportRangeQuery } from './report-range';

export const UsageReportQuery = z
  .object({
    start: z.string().optional(),
    end: z.string().optional(),
    page: pageField,
    limit: pageSizeField(),
  })
  .transform((value, ctx) => {
    const range = ReportRangeQuery.safeParse({ start: value.start, end: value.end });
    if (!range.success) {
      for (const issue of range.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { ...range.data, page: value.page, limit: value.limit };
  });
export type UsageReportQuery = z.input<typeof UsageReportQuery>;

/** One case of the usage report, seen from the viewer's company. */
export const UsageReportRow = z.object({
  type: z.enum(['Inbound', 'Outbound']),
  case_number: z.string(),
  partner: z.string(),
  created_at: z.string(),
  /** The first response to the case, if any. */
  response_date: z.string().nullable(),
  token: z.string(),
});
export type UsageReportRow = z.infer<typeof UsageReportRow>;

export const UsageReport = Paginated(UsageReportRow).extend({ start: z.string(), end: z.string() });
export type UsageReport = z.infer<typeof UsageReport>;

export const reportsApi = {
  usage: endpoint({
    method: 'GET',
    path: 'admin/company/reports/usage',
    access: 'user',
    summary: 'Cases the company submitted or received in a date range (default the last 30 days), paged',
    query: UsageReportQuery,
    response: UsageReport,
  }),
  usageExport: endpoint({
    method: 'GET',
    path: 'admin/company/reports/usage/export',
    access: 'user',
    summary: 'Starts the usage spreadsheet of a date range; the file follows through exports/:id',
    query: ReportRangeQuery,
    response: ExportAnswer,
  }),
} as const;
