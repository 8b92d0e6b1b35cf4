import { htmlToText } from './html-to-text';
import { wrapInLayout } from './mail-layout';
import { escapeHtml, renderTemplate } from '@casebridge/db';

describe('renderTemplate', () => {
  const template = {
    slug: 'login-link',
    subject: 'Your {{product}} login link for {{ company }}',
    body: '<p>Hello {{first_name}},</p><p><a href="{{link}}">Log In</a></p>',
  };

  it('fills placeholders, escaping values in the body only', () => {
    const rendered = renderTemplate(template, {
      product: 'Casebridge',
      company: 'R&D <Labs>',
      first_name: '<script>alert(1)</script>',
      link: 'https://example.test/login?a=1&b="2"',
    });
    expect(rendered.subject).toBe('Your Casebridge login link for R&D <Labs>');
    expect(rendered.bodyHtml).toBe(
      '<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;,</p>' +
        '<p><a href="https://example.test/login?a=1&amp;b=&quot;2&quot;">Log In</a></p>',
    );
    expect(rendered.missingVariables).toEqual([]);
  });

  it('renders missing variables empty and reports them', () => {
    const rendered = renderTemplate(template, { product: 'Casebridge' });
    expect(rendered.subject).toBe('Your Casebridge login link for');
    expect(rendered.bodyHtml).toBe('<p>Hello ,</p><p><a href="">Log In</a></p>');
    expect(rendered.missingVariables.sort()).toEqual(['company', 'first_name', 'link']);
  });

  it('keeps a value from injecting header lines into the subject', () => {
    const rendered = renderTemplate(
      { slug: 's', subject: 'Case {{case_number}}', body: '' },
      { case_number: '1\r\nBcc: x@evil.test' },
    );
    expect(rendered.subject).toBe('Case 1 Bcc: x@evil.test');
  });

  it('does not treat inherited object keys as variables', () => {
    const rendered = renderTemplate({ slug: 's', subject: '{{constructor}}', body: '' }, {});
    expect(rendered.subject).toBe('');
    expect(rendered.missingVariables).toEqual(['constructor']);
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs and turns links into label (url)', () => {
    const text = htmlToText(
      '<p>Hello Ann &amp; Bob,</p>\n<p><a href="https://x.test/r?a=1&amp;b=2" class="button">Reset</a></p>',
    );
    expect(text).toBe('Hello Ann & Bob,\n\nReset (https://x.test/r?a=1&b=2)');
  });

  it('prints a bare link once when its label is the address', () => {
    expect(htmlToText('<a href="https://x.test">https://x.test</a>')).toBe('https://x.test');
  });
});

describe('wrapInLayout', () => {
  it('brands the mail and escapes the product name', () => {
    const html = wrapInLayout('Hi <there>', '<p>Body</p>', { product: 'A&B', publicUrl: 'https://a.test' });
    expect(html).toContain('<title>Hi &lt;there&gt;</title>');
    expect(html).toContain('>A&amp;B</td>');
    expect(html).toContain('<p>Body</p>');
    expect(html).toContain('href="https://a.test"');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
