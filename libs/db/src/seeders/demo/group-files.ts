import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A demo file of a partner group, relative to STORAGE_DIR as the group stores it. */
export interface DemoGroupFile {
  path: string;
  content: Buffer;
}

/** A one-page PDF with a title and a few lines of text, so the agreements of the demo groups can be opened. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const text = [
    'BT /F1 20 Tf 72 720 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf 0 -36 Td',
    ...lines.map((line) => `(${escape(line)}) Tj 0 -16 Td`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A wide banner with the group's name, as SVG. */
export function demoBanner(name: string, from: string, to: string): Buffer {
  return Buffer.from(
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="240" viewBox="0 0 1200 240">',
      `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/>`,
      `<stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
      '<rect width="1200" height="240" fill="url(#g)"/>',
      '<text x="60" y="140" font-family="Helvetica, Arial, sans-serif" font-size="56" fill="#fff">',
      `${name}</text></svg>`,
    ].join(''),
  );
}

/**
 * Writes the demo groups' files into the storage folder, leaving files that already exist alone (a reset keeps
 * whatever an admin uploaded over them).
 */
export async function writeDemoGroupFiles(storageDir: string, files: DemoGroupFile[]): Promise<void> {
  for (const file of files) {
    const target = join(storageDir, file.path);
    if (existsSync(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
}
