import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/parse';
import { UrlResolver } from '../src/parse/url-resolver';

/** The parser's answer, which the resolver's shortcut for plain URLs must give exactly. */
function parsed(href: string, base: URL | null): string | null {
  try {
    return new URL(href.trim(), base ?? undefined).href;
  } catch {
    return null;
  }
}

const BASES = [
  'https://www.example.com/a/b/page.html?q=1#top',
  'http://user:pw@example.org:8080/dir/',
  'https://example.com',
  'file:///work/pages/x.html',
  'file:///C:/dir/x.html',
  'https://例え.jp/パス/x',
  'about:blank',
];

// Plain ones (taken without the parser) and every near miss that the parser changes or refuses.
const HREFS = [
  'https://a.com',
  'https://a.com/x/y?z=1&w=2#f',
  'https://a.com?x',
  'https://a.com#y',
  'https://A.com/',
  'HTTPS://a.com/',
  'https://a.com:80/',
  'https://a.com:443/x',
  'https://a.com./',
  'https://a..com/',
  'https://-a-.com/x',
  'https://user@a.com/',
  'https://xn--bcher-kva.ch/',
  'https://xn--a.com/',
  'http://1.2.3.4/',
  'http://1.2.3/',
  'http://a.0x10/',
  'http://a.b.123/',
  'https://a.com/é',
  'https://a.com/a b',
  "https://a.com/a'b?c'd",
  'https://a.com/%zz/%41',
  'https://a.com/a/./b/../c',
  'https://a.com/%2e%2E/x',
  'https://a.com\\\\x',
  '/x/y.html?a=b#c',
  '/',
  '/a|b',
  '/a^b',
  '/a{b}',
  '/[x]',
  '/a`b',
  '/a"b',
  '/a<b>',
  '/a\\\\b',
  '/C:/x',
  '/c|/x',
  '//cdn.example.net/lib.js',
  '?',
  '?a=1',
  '#',
  '#frag?x',
  'x',
  'a/b.html?c#d',
  './a',
  '../a',
  'a/../b',
  '.hidden',
  'a/.b',
  'x:y',
  'mailto:a@b.c',
  'tel:+1',
  'C|/x',
  'a:b/c',
  '/a:b',
  'a\\tb',
  ' https://a.com/pad ',
];

describe('UrlResolver', () => {
  it.each(BASES)('resolves as the URL parser does against %s', (base) => {
    const resolver = new UrlResolver(base, parseHtml('<p>page</p>'));
    for (const href of HREFS)
      expect([href, resolver.resolve(href)]).toEqual([href, parsed(href, resolver.base)]);
  });

  it('honours <base href> for relative URLs', () => {
    const resolver = new UrlResolver('https://site.test/a/b', parseHtml('<base href="/docs/v2/"><p>x</p>'));
    expect(resolver.resolve('guide.html')).toBe('https://site.test/docs/v2/guide.html');
    expect(resolver.resolve('/top')).toBe('https://site.test/top');
    expect(resolver.resolve('?q=1')).toBe('https://site.test/docs/v2/?q=1');
    expect(resolver.resolve('javascript:void(0)')).toBeNull();
  });
});
