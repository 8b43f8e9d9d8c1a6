import { describe, expect, it } from 'vitest';
import type { ImageObject, LinkObject } from '../src';
import { convert } from './page';

const page = `<body>
  <a href="/a">Internal</a> <a href="https://www.example.com/b" rel="nofollow">Same host with www</a>
  <a href="https://other.org/">External</a> <a href="/a">Duplicate</a> <a href="javascript:go()">JS</a>
  <img src="/photo.jpg" alt="A photo of the pier" width="800" height="600">
  <img src="/icons/star.svg" width="16" height="16">
</body>`;

describe('links and images', () => {
  it('lists unique absolute URLs as strings by default', () => {
    const r = convert(page, { outputs: ['links', 'images'] });
    expect(r.links).toEqual(['https://example.com/a', 'https://www.example.com/b', 'https://other.org/']);
    expect(r.images).toEqual(['https://example.com/photo.jpg', 'https://example.com/icons/star.svg']);
    expect(r.markdown).toBeUndefined();
  });

  it('returns rich objects with includeMedia', () => {
    const r = convert(page, { outputs: ['links', 'images'], includeMedia: true });
    const links = r.links as LinkObject[];
    expect(links[0]).toEqual({ url: 'https://example.com/a', text: 'Internal', isInternal: true, rel: null });
    expect(links[1]).toMatchObject({ isInternal: true, rel: 'nofollow' });
    expect(links[2]).toMatchObject({ isInternal: false, rel: null });
    const [photo, icon] = r.images as ImageObject[];
    expect(photo).toMatchObject({ alt: 'A photo of the pier', width: 800, height: 600, format: 'jpeg' });
    expect(icon).toMatchObject({ width: 16, height: 16, format: 'svg' });
    expect((photo as ImageObject).score).toBeGreaterThan((icon as ImageObject).score);
  });
});

describe('stats', () => {
  it('counts chars, blocks and estimated tokens of the markdown', () => {
    const r = convert(
      '<h1>Hello</h1><p>The quick brown fox jumps over the lazy dog.</p><ul><li>a</li><li>b</li></ul>',
      {
        includeStats: true,
      },
    );
    expect(r.markdown).toBe('# Hello\n\nThe quick brown fox jumps over the lazy dog.\n\n- a\n- b');
    expect(r.stats?.chars).toBe(r.markdown?.length);
    expect(r.stats?.blocks).toBe(3);
    // o200k_base gives 20 tokens for this text.
    expect(r.stats?.tokens).toBeGreaterThanOrEqual(17);
    expect(r.stats?.tokens).toBeLessThanOrEqual(23);
  });

  it('is absent unless asked', () => {
    expect(convert('<p>x</p>').stats).toBeUndefined();
  });
});
