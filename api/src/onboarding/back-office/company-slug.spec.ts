import { slugOf } from './company-slug';

describe('slugOf', () => {
  it('keeps lower-case letters and digits joined by single dashes', () => {
    expect(slugOf('Hooli Networks, Inc.')).toBe('hooli-networks-inc');
    expect(slugOf('  Café  Crème 2 ')).toBe('cafe-creme-2');
    expect(slugOf('A--B__C')).toBe('a-b-c');
  });

  it('falls back to "member" when nothing usable is left, and stays short', () => {
    expect(slugOf('!!!')).toBe('member');
    const long = slugOf('x'.repeat(50) + ' ' + 'y'.repeat(80));
    expect(long.length).toBeLessThanOrEqual(90);
    expect(long).not.toMatch(/-$/);
  });
});
