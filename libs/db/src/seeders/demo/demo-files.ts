import { createFileStorage, loadServerConfig } from '@casebridge/server-core';
import { crc32, deflateSync } from 'node:zlib';

/** A demo file under its storage key, as its row stores it. */
export interface DemoFile {
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

/**
 * A wide banner as PNG: a left-to-right gradient between two colours (#rrggbb). Raster, because uploads and the
 * files served from storage are images of verified types only (no SVG); the page shows the group's name beside it.
 */
export function demoBanner(from: string, to: string, width = 1200, height = 240): Buffer {
  const [start, end] = [rgb(from), rgb(to)];
  const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then RGB pixels
  for (let x = 0; x < width; x++) {
    const share = x / (width - 1);
    for (let channel = 0; channel < 3; channel++) {
      row[1 + x * 3 + channel] = Math.round(start[channel] + (end[channel] - start[channel]) * share);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Writes the demo's stored files (group agreements, banners, shared documents, process files) into the configured
 * storage (folder or bucket), leaving files that already exist alone (a reset keeps whatever an admin uploaded over
 * them). Every file a seeded row names is written here: seed.int-spec downloads them all.
 */
export async function writeDemoFiles(files: DemoFile[]): Promise<void> {
  const storage = await createFileStorage(loadServerConfig());
  for (const file of files) {
    if (await storage.head(file.path, 1)) continue;
    await storage.write(file.path, file.content);
  }
}
