import { htmlToOneLine } from '../platform/common/rich-text';
import { mapBlogPosts } from './news.service';
import { fillHintPlaceholders } from './outreach.service';
import { initialsOf, initialsSvg } from './directory.service';

describe('blog posts', () => {
  it('refuses anything but a list, skips broken posts and keeps three', () => {
    expect(mapBlogPosts({ posts: [] })).toBeNull();
    expect(mapBlogPosts('x')).toBeNull();
    const post = (id: number) => ({ id, link: `https://b.test/${id}`, title: { rendered: `Post ${id}` } });
    const mapped = mapBlogPosts([null, 5, { id: 1 }, post(2), post(3), post(4), post(5)]);
    expect(mapped?.map((item) => item.id)).toEqual([2, 3, 4]);
    expect(mapped?.[0]).toEqual({
      id: 2,
      title: 'Post 2',
      link: 'https://b.test/2',
      date: '',
      excerpt: '',
      image: null,
    });
  });

  it('turns rendered HTML into plain text', () => {
    expect(htmlToOneLine('<p>A &amp; B&#8217;s &#x2013; <em>new</em> [&hellip;]</p>\n')).toBe('A & B’s – new […]');
    expect(htmlToOneLine('&unknown; &#0;')).toBe('&unknown;');
  });
});

describe('help hint placeholders', () => {
  it('fills the known ones and leaves the others', () => {
    expect(
      fillHintPlaceholders('{content.product} for {content.company} {content.nope}', {
        product: 'Casebridge',
        company: 'Acme',
      }),
    ).toBe('Casebridge for Acme {content.nope}');
  });
});

describe('company initials', () => {
  it('takes up to two initials and escapes them in the SVG', () => {
    expect(initialsOf('Acme Systems Group')).toBe('AS');
    expect(initialsOf('globex')).toBe('G');
    expect(initialsOf('  & ')).toBe('?');
    expect(initialsSvg('Acme Systems')).toContain('>AS</text>');
  });
});
