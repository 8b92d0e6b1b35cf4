// The raw side of the exports benchmark, in its own process so its RSS can be sampled alone: the user_logins rows
// of [from, until) read from PostgreSQL by the same keyset query, 1,000 rows a page, written by a bare exceljs
// streaming WorkbookWriter with the same columns. Usage: node bench/raw-exceljs-writer.mjs <databaseUrl> <from ISO>
// <until ISO> <file.xlsx> <result.json>; the result file gets { rows, ms }.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';

const PAGE_SIZE = 1000;
const [databaseUrl, from, until, file, resultFile] = process.argv.slice(2);

const COLUMNS = [
  { header: 'User', width: 26 },
  { header: 'Email', width: 34 },
  { header: 'Company', width: 28 },
  { header: 'Role', width: 20 },
  { header: 'Company Login Method', width: 24 },
  { header: 'IP Address', width: 18 },
  { header: 'Login Time (UTC)', width: 20, date: true },
];

const pageSql = (after) => `select e.id,
    to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, e.ip, e.created_at,
    u.first_name, u.last_name, u.email, u.role, c.name as company_name, c.login_method
  from login_events e join users u on u.id = e.user_id left join companies c on c.id = u.company_id
  where e.created_at >= $1 and e.created_at < $2 ${after ? 'and (e.created_at, e.id) > ($4::timestamptz, $5)' : ''}
  order by e.created_at, e.id limit $3`;

async function main() {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('User Logins', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column, index) => ({
    key: `c${index}`,
    width: column.width,
    style: column.date ? { numFmt: 'mm/dd/yy hh:mm AM/PM' } : {},
  }));
  const header = sheet.addRow(COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  let rows = 0;
  let cursor = null;
  for (;;) {
    const params = [from, until, PAGE_SIZE, ...(cursor ? [cursor.at, cursor.id] : [])];
    const { rows: records } = await client.query(pageSql(cursor), params);
    for (const record of records) {
      sheet
        .addRow([
          `${record.first_name} ${record.last_name}`.trim(),
          record.email,
          record.company_name,
          record.role,
          record.login_method,
          record.ip,
          new Date(record.created_at),
        ])
        .commit();
      rows += 1;
    }
    if (records.length < PAGE_SIZE) break;
    const last = records[records.length - 1];
    cursor = { at: last.cursor_at, id: last.id };
  }
  sheet.commit();
  await workbook.commit();
  await client.end();
  writeFileSync(resultFile, JSON.stringify({ rows, ms: performance.now() - started }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
