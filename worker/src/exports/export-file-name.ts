/**
 * File names of exports: `{stem}.{YYMMDD}.xlsx`, the date in UTC (usage.261123.xlsx,
 * case-ACME-10431-audit.261123.xlsx). The stem keeps letters, digits, '-' and '_' only, so a case number
 * can never smuggle a path or a header into the name.
 */
export function exportFileName(stem: string, at: Date): string {
  const yy = String(at.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(at.getUTCDate()).padStart(2, '0');
  return `${safeStem(stem)}.${yy}${mm}${dd}.xlsx`;
}

export function safeStem(stem: string): string {
  const cleaned = stem
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
  return cleaned || 'export';
}
