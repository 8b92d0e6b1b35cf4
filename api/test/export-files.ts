import type { ExportShape } from '@casebridge/contracts';
import ExcelJS from 'exceljs';
import { waitFor } from '../../test/wait-for';
import { bearer, type ApiHarness } from '../../test/kit/api-harness';

/** A supertest parser that keeps the response body as one Buffer (downloads, spreadsheets). */
export function binary(
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  done: (error: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk?: Buffer) => chunks.push(chunk as Buffer));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Reads an export through the api until the worker has built it (ready) or given up (failed). */
export function finishedExport(api: ApiHarness, token: string, exported: ExportShape): Promise<ExportShape> {
  return waitFor(
    async () =>
      (await api.http().get(`/api/exports/${exported.id}`).set(bearer(token)).expect(200)).body.export as ExportShape,
    (current) => current.status === 'ready' || current.status === 'failed',
    { what: `export ${exported.id} finished` },
  );
}

/** Downloads a ready export and reads its first sheet with exceljs: every row's cell values. */
export async function exportSheetRows(api: ApiHarness, token: string, id: number): Promise<unknown[][]> {
  const file = await api
    .http()
    .get(`/api/exports/${id}/download`)
    .set(bearer(token))
    .buffer(true)
    .parse(binary)
    .expect(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
