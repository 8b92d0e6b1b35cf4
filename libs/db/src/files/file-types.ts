/**
 * The one rule for what a stored upload is served as: the type its content proves (magic numbers), taken from the
 * allow-list of its kind of upload, never the type the uploader declared. The api's downloads and the worker's
 * forwarding both decide through here. Anything not positively identified is application/octet-stream. Markup
 * (HTML, SVG, XML) is on no allow-list: served under a type of its own, it would run script on our origin.
 */

const ascii = (text: string): readonly number[] => [...text].map((char) => char.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF = [ascii('GIF87a'), ascii('GIF89a')];
/** Containers: OLE2 compound files (doc, xls) and ZIP (docx, xlsx, zip); the name says which member it is. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = ascii('PK\x03\x04');

interface FileType {
  mime: string;
  extensions: readonly string[];
  signatures: readonly (readonly number[])[];
  /** The signature is shared by several types: only the file's extension identifies the member. */
  container?: boolean;
}

export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['.pdf'], signatures: [PDF] },
  png: { mime: 'image/png', extensions: ['.png'], signatures: [PNG] },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], signatures: [JPEG] },
  gif: { mime: 'image/gif', extensions: ['.gif'], signatures: GIF },
  doc: { mime: 'application/msword', extensions: ['.doc'], signatures: [OLE2], container: true },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['.xls'], signatures: [OLE2], container: true },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    signatures: [ZIP],
    container: true,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
    signatures: [ZIP],
    container: true,
  },
  zip: { mime: 'application/zip', extensions: ['.zip'], signatures: [ZIP], container: true },
} as const satisfies Record<string, FileType>;

export type FileTypeName = keyof typeof FILE_TYPES;

/** The types each kind of stored file may be served as: the accepted upload types. */
export const UPLOAD_KINDS = {
  /** Group documents and process document files: xls, xlsx, doc, docx, pdf, jpg/jpeg, png. */
  document: ['pdf', 'png', 'jpeg', 'doc', 'xls', 'docx', 'xlsx'],
  /** Company logos, group banners and logos: raster images only (an SVG is a document that runs script). */
  image: ['png', 'jpeg', 'gif'],
  /** The addendum (always a PDF), the code of conduct and the database license. */
  agreement: ['pdf'],
  /** Case attachments are opaque files (any type is kept): these are the ones a browser is told the type of. */
  case_attachment: ['pdf', 'png', 'jpeg', 'gif', 'doc', 'xls', 'docx', 'xlsx', 'zip'],
} as const satisfies Record<string, readonly FileTypeName[]>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export const OCTET_STREAM = 'application/octet-stream';

/** How many first bytes the decisions read: every signature, and room for white space before markup. */
export const SNIFF_BYTES = 1024;

/** Names a browser treats as markup that may run script. */
const ACTIVE_EXTENSIONS = new Set(['.html', '.htm', '.shtml', '.xhtml', '.xht', '.svg', '.svgz', '.xml', '.xsl']);

/** The lower-case extension of a file name with its dot ('' when none). */
export function extensionOf(fileName: string): string {
  return /\.[^./\\]+$/.exec(fileName)?.[0].toLowerCase() ?? '';
}

const startsWith = (head: Uint8Array, signature: readonly number[]) =>
  head.length >= signature.length && signature.every((byte, index) => head[index] === byte);

/** The type of a file among those of its kind, by content (and, for a container, by name too); null otherwise. */
export function identifyFile(head: Uint8Array, fileName: string, kind: UploadKind): FileTypeName | null {
  const extension = extensionOf(fileName);
  const allowed: readonly FileTypeName[] = UPLOAD_KINDS[kind];
  return (
    allowed.find((name) => {
      const type: FileType = FILE_TYPES[name];
      if (!type.signatures.some((signature) => startsWith(head, signature))) return false;
      return !type.container || type.extensions.includes(extension);
    }) ?? null
  );
}

/** The Content-Type a stored file is served with: its identified type, or application/octet-stream. */
export function servedContentType(head: Uint8Array, fileName: string, kind: UploadKind): string {
  const type = identifyFile(head, fileName, kind);
  return type ? FILE_TYPES[type].mime : OCTET_STREAM;
}

/** The first characters of a text, read as a browser would (UTF-16 by its byte order mark, else UTF-8). */
function textStart(head: Uint8Array): string {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  // Whole UTF-16 code units only: swap16 refuses an odd length.
  const utf16 = () => Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16().toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16().swap16().toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** HTML, SVG or XML, by name or by content that opens with a tag: markup that runs script when rendered. */
export function isActiveContent(head: Uint8Array, fileName: string): boolean {
  return ACTIVE_EXTENSIONS.has(extensionOf(fileName)) || textStart(head).trimStart().startsWith('<');
}
