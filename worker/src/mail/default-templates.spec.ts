import { EMAIL_TEMPLATE_SLUGS } from '@casebridge/contracts';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_VARIABLES } from '../../../libs/db/src/seeders/email-templates';
import { renderTemplate } from '@casebridge/db';

describe('DEFAULT_EMAIL_TEMPLATES', () => {
  it('has exactly one template for every slug the product sends', () => {
    const slugs = DEFAULT_EMAIL_TEMPLATES.map((template) => template.slug);
    expect([...slugs].sort()).toEqual([...EMAIL_TEMPLATE_SLUGS].sort());
  });

  it.each(DEFAULT_EMAIL_TEMPLATES.map((template) => [template.slug, template] as const))(
    '%s uses only documented variables and renders completely',
    (_slug, template) => {
      const everyVariable = Object.fromEntries(Object.keys(EMAIL_TEMPLATE_VARIABLES).map((name) => [name, 'x']));
      const rendered = renderTemplate(template, everyVariable);
      expect(rendered.missingVariables).toEqual([]);
      expect(`${rendered.subject}${rendered.bodyHtml}`).not.toMatch(/\{|\}/);
      expect(rendered.subject.length).toBeGreaterThan(0);
      expect(template.name.length).toBeGreaterThan(0);
      expect(['system', 'document']).toContain(template.type);
    },
  );

  it('gives every action mail a link to act on', () => {
    const withoutLink = DEFAULT_EMAIL_TEMPLATES.filter(
      (template) => !template.body.includes('href="{{link}}"') && !template.body.includes('{{approve_link}}'),
    ).map((template) => template.slug);
    // Rejection and the missing-partner report are informational: nothing to click.
    expect(withoutLink.sort()).toEqual(['missing-partner', 'registration-rejected']);
  });
});
