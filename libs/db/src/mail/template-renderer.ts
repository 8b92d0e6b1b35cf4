/**
 * Fills `{{variable}}` placeholders of a stored e-mail template: the worker sending mails and the api previewing
 * an edited template render with this one function.
 * Body values are HTML-escaped (a user's name must never become markup); the subject is plain text.
 */
export interface StoredTemplate {
  slug: string;
  subject: string;
  body: string;
}

export interface RenderedTemplate {
  subject: string;
  /** HTML fragment (the layout wraps it). */
  bodyHtml: string;
  /** Placeholders the template uses but the job did not provide; rendered empty. */
  missingVariables: string[];
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_.-]+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function renderTemplate(template: StoredTemplate, variables: Record<string, string>): RenderedTemplate {
  const missing = new Set<string>();
  const fill = (text: string, escape: (value: string) => string): string =>
    text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = Object.prototype.hasOwnProperty.call(variables, name) ? variables[name] : undefined;
      if (value === undefined || value === null) {
        missing.add(name);
        return '';
      }
      return escape(String(value));
    });

  // Line breaks in a subject would let a value inject mail headers; collapse them.
  const subject = fill(template.subject, (value) => value)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const bodyHtml = fill(template.body, escapeHtml);
  return { subject, bodyHtml, missingVariables: [...missing] };
}

/** Every placeholder name a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map(([, name]) => name))];
}
