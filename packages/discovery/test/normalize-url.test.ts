import { describe, expect, it } from 'vitest';
import { normalizeUrl } from '../src';

const keep = { ignoreQueryParams: false };
const drop = { ignoreQueryParams: true };

describe('normalizeUrl', () => {
  it('lower-cases scheme and host, drops default ports, fragments and credentials', () => {
    expect(normalizeUrl('HTTPS://Example.COM:443/A/b#top', keep)).toBe('https://example.com/A/b');
    expect(normalizeUrl('http://user:pw@example.com:80/', keep)).toBe('http://example.com/');
    expect(normalizeUrl('http://example.com:8080/x', keep)).toBe('http://example.com:8080/x');
  });

  it('drops a trailing slash except on the root, and index files', () => {
    expect(normalizeUrl('https://example.com/docs/', keep)).toBe('https://example.com/docs');
    expect(normalizeUrl('https://example.com', keep)).toBe('https://example.com/');
    expect(normalizeUrl('https://example.com/docs/index.html', keep)).toBe('https://example.com/docs');
    expect(normalizeUrl('https://example.com/index.php', keep)).toBe('https://example.com/');
    expect(normalizeUrl('https://example.com/a/./b/../c/', keep)).toBe('https://example.com/a/c');
  });

  it('keeps or drops the query', () => {
    expect(normalizeUrl('https://example.com/p?b=2&a=1', keep)).toBe('https://example.com/p?b=2&a=1');
    expect(normalizeUrl('https://example.com/p?b=2&a=1', drop)).toBe('https://example.com/p');
    expect(normalizeUrl('https://example.com/p?', keep)).toBe('https://example.com/p');
  });

  it('resolves against a base and refuses what is not http(s)', () => {
    expect(normalizeUrl('../x', { ...keep, base: 'https://example.com/a/b/c' })).toBe(
      'https://example.com/a/x',
    );
    expect(normalizeUrl('mailto:a@example.com', keep)).toBeNull();
    expect(normalizeUrl('javascript:void(0)', keep)).toBeNull();
    expect(normalizeUrl('not a url', keep)).toBeNull();
    expect(normalizeUrl('https://bücher.example/', keep)).toBe('https://xn--bcher-kva.example/');
  });
});
