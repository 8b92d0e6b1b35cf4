import { isBlankRichText, sanitizeRichText } from './rich-text';

describe('rich text sanitizer', () => {
  it('keeps formatting and links', () => {
    expect(
      sanitizeRichText('<p>Call <strong>now</strong>: <a href="https://x.test/a">site</a></p><ul><li>one</li></ul>'),
    ).toBe('<p>Call <strong>now</strong>: <a href="https://x.test/a">site</a></p><ul><li>one</li></ul>');
    expect(sanitizeRichText('<a href="mailto:a@b.test">mail</a>')).toBe('<a href="mailto:a@b.test">mail</a>');
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const dirty =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="https://x.test/i.png" onerror="alert(1)"><iframe src="https://evil.test"></iframe><a href=" JaVaScRiPt:alert(1)">y</a>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|style=|javascript|iframe|alert/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<img src="https://x.test/i.png" />');
  });

  it('adds noopener to links opening a new tab; null stays null', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText(null)).toBeNull();
  });

  it('tells blank editor output', () => {
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankRichText('<p>x</p>')).toBe(false);
    expect(isBlankRichText('<img src="https://x.test/a.png">')).toBe(false);
  });
});
