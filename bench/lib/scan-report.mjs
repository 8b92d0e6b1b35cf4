// Reading the scanners' output for `npm run scan`: wapiti's JSON report and sqlmap's console log, into one
// short markdown summary with a count of high-severity findings (the script's exit code depends on it).
import { existsSync, readFileSync } from 'node:fs';

/** wapiti levels (3.0.x): "3" high, "2" medium, "1" low; anomalies (500s, timeouts) count as medium. */
const LEVEL_NAMES = { 3: 'high', 2: 'medium', 1: 'low' };

/** Flat findings from wapiti's JSON report: vulnerabilities and anomalies, each with its level. */
export function wapitiFindings(reportFile) {
  if (!existsSync(reportFile)) return { missing: true, findings: [] };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const findings = [];
  for (const [section, groups] of [
    ['vulnerability', report.vulnerabilities ?? {}],
    ['anomaly', report.anomalies ?? {}],
  ]) {
    for (const [category, items] of Object.entries(groups)) {
      for (const item of items) {
        const level = section === 'anomaly' ? 'medium' : (LEVEL_NAMES[item.level] ?? 'low');
        findings.push({
          category,
          level,
          method: item.method,
          path: item.path,
          parameter: item.parameter ?? '',
          info: item.info,
        });
      }
    }
  }
  return { missing: false, findings };
}

/** What sqlmap concluded for one target: injectable (with the parameter), clean, or cut by the time bound. */
export function sqlmapFinding(output) {
  const injectable = /identified the following injection point|is vulnerable/.test(output);
  const parameter = /Parameter: ([^\n]+)/.exec(output)?.[1]?.trim() ?? '';
  const clean = [...output.matchAll(/parameter '([^']+)' does not seem to be injectable/g)].map((match) => match[1]);
  const finished = /ending @/.test(output);
  const verdict = injectable
    ? 'INJECTABLE'
    : `${finished ? 'finished' : 'stopped at time bound'}; not injectable: ${clean.join(', ') || 'none tested'}`;
  return { injectable, parameter, verdict };
}

export function summaryMarkdown({ wapiti, sqlmap }) {
  const lines = ['# Security scan summary', '', '## wapiti', ''];
  const findings = wapiti.findings.missing ? [] : wapiti.findings.findings;
  if (wapiti.findings.missing) lines.push(`No wapiti report (exit code ${wapiti.code}); see var/scan/wapiti.log.`);
  else if (findings.length === 0) lines.push('No findings.');
  else {
    lines.push('| level | category | request | parameter | info |', '| --- | --- | --- | --- | --- |');
    const seen = new Set();
    for (const finding of findings) {
      const key = `${finding.level}|${finding.category}|${finding.method} ${finding.path}|${finding.parameter}|${finding.info}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const info = String(finding.info).replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 140);
      lines.push(
        `| ${finding.level} | ${finding.category} | ${finding.method} ${finding.path} | ${finding.parameter} | ${info} |`,
      );
    }
  }
  lines.push('', '## sqlmap', '', '| target | verdict | parameter |', '| --- | --- | --- |');
  for (const result of sqlmap) lines.push(`| ${result.target} | ${result.verdict} | ${result.parameter} |`);
  const high =
    findings.filter((finding) => finding.level === 'high').length + sqlmap.filter((r) => r.injectable).length;
  lines.push('', `High-severity findings: ${high}.`, '');
  return { markdown: lines.join('\n'), high };
}
