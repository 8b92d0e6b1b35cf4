import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer of rich-text fields (company note, document notes, case notes, process texts...).
 * Keeps ordinary formatting (paragraphs, lists, emphasis, headings, links, tables, images by http(s) URL) and
 * removes everything that can run code: <script>/<style>/<iframe> with their content, every on* event handler,
 * style attributes, and javascript:/data:/vbscript: URLs. Links opened in a new tab get rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
};

/** Sanitized HTML of a rich-text field; null and undefined stay null. */
export function sanitizeRichText(html: string): string;
export function sanitizeRichText(html: string | null | undefined): string | null;
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitized HTML shows no text and no image (e.g. '<p><br></p>'): treat as empty. */
export function isBlankRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return htmlToPlainText(html) === '';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** Decodes named (common ones), decimal and hexadecimal entities; unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '';
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** Rich text to plain text for mails, previews and tables: block ends become line breaks, tags go, entities decode. */
export function htmlToPlainText(html: string): string {
  const text = html.replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The same on one line (news excerpts, truncated table cells). */
export function htmlToOneLine(html: string): string {
  return htmlToPlainText(html).replace(/\s+/g, ' ').trim();
}
