import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  EMAIL_TEMPLATE_NOT_FOUND,
  EMAIL_TEMPLATE_SAMPLE_VALUES,
  EMAIL_TEMPLATE_SAVED,
  type EmailTemplateDetail,
  type EmailTemplatePreview,
  type EmailTemplateRow,
  type EmailTemplateVariable,
} from '@casebridge/contracts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_VARIABLES,
  EmailTemplate,
  placeholdersIn,
  renderTemplate,
} from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { EmailTemplateBody } from '@casebridge/contracts';
import { ValidationException } from '../platform/common/errors';
import { isBlankRichText, sanitizeRichText } from '../platform/common/rich-text';
import { SERVER_CONFIG } from '../platform/config/config.module';

type TemplateInput = z.output<typeof EmailTemplateBody>;

/** Filled by the worker in every mail, whatever the event. */
const ALWAYS_AVAILABLE = ['product', 'public_url'];

/**
 * The stored mails of the product: list, read, save and preview. The worker reads the stored row for every mail
 * it sends, so a saved subject or body is used from the next mail on.
 */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(): Promise<{ templates: EmailTemplateRow[] }> {
    const templates = await this.em.find(EmailTemplate, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return { templates: templates.map(toRow) };
  }

  async get(id: number): Promise<{ template: EmailTemplateDetail }> {
    return { template: this.toDetail(await this.find(id)) };
  }

  async save(id: number, input: TemplateInput) {
    const template = await this.find(id);
    const checked = this.checked(template, input);
    template.subject = checked.subject;
    template.body = checked.body;
    await this.em.flush();
    return { success: true, message: EMAIL_TEMPLATE_SAVED, template: this.toDetail(template) };
  }

  /** The mail as a recipient would see it, with sample values; the edited text need not be saved. */
  async preview(id: number, input: TemplateInput): Promise<{ preview: EmailTemplatePreview }> {
    const template = await this.find(id);
    const checked = this.checked(template, input);
    const values = {
      ...EMAIL_TEMPLATE_SAMPLE_VALUES,
      product: this.config.PRODUCT_NAME,
      public_url: this.config.PUBLIC_URL,
    };
    const rendered = renderTemplate({ slug: template.slug, ...checked }, values);
    return { preview: { subject: rendered.subject, body: rendered.bodyHtml } };
  }

  private async find(id: number): Promise<EmailTemplate> {
    const template = await this.em.findOne(EmailTemplate, id);
    if (!template) throw new NotFoundException(EMAIL_TEMPLATE_NOT_FOUND);
    return template;
  }

  /** Body sanitized (no script, handlers or javascript: links); placeholders limited to what the mail gets. */
  private checked(template: EmailTemplate, input: TemplateInput): { subject: string; body: string } {
    const body = sanitizeRichText(input.body);
    const errors: Record<string, string[]> = {};
    if (isBlankRichText(body)) errors.body = ['The body field is required.'];
    const allowed = new Set(variablesOf(template.slug).map((variable) => variable.name));
    for (const [field, text] of [
      ['subject', input.subject],
      ['body', body],
    ] as const) {
      const unknown = placeholdersIn(text).filter((name) => !allowed.has(name));
      if (unknown.length > 0 && !errors[field]) {
        errors[field] = [
          `Unknown placeholder ${unknown.map((name) => `{{${name}}}`).join(', ')}. ` +
            `This mail can use: ${[...allowed].map((name) => `{{${name}}}`).join(', ')}.`,
        ];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationException(errors);
    return { subject: input.subject, body };
  }

  private toDetail(template: EmailTemplate): EmailTemplateDetail {
    return { ...toRow(template), body: template.body, variables: variablesOf(template.slug) };
  }
}

/**
 * The placeholders a template may use: those of its default text (what its sender provides) and the two the
 * worker always sets. A template the product does not ship (added by hand) may use any known placeholder.
 */
export function variablesOf(slug: string): EmailTemplateVariable[] {
  const shipped = DEFAULT_EMAIL_TEMPLATES.find((template) => template.slug === slug);
  const names = shipped
    ? [...new Set([...ALWAYS_AVAILABLE, ...placeholdersIn(`${shipped.subject} ${shipped.body}`)])]
    : Object.keys(EMAIL_TEMPLATE_VARIABLES);
  return names.map((name) => ({ name, description: EMAIL_TEMPLATE_VARIABLES[name] ?? name }));
}

function toRow(template: EmailTemplate): EmailTemplateRow {
  return {
    id: template.id,
    slug: template.slug,
    name: template.name,
    subject: template.subject,
    type: template.type,
    updated_at: template.updatedAt.toISOString(),
  };
}
