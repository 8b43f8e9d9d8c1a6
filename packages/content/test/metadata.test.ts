import { describe, expect, it } from 'vitest';
import { convert } from './page';

const meta = (head: string, body = '', outputs: Array<'metadata' | 'markdown'> = ['metadata']) =>
  convert(`<html lang="de-AT"><head>${head}</head><body>${body}</body></html>`, { outputs }).metadata;

describe('metadata', () => {
  it('reads meta tags and OpenGraph, absolutizing URLs', () => {
    const m = meta(
      '<title>Page title - Site</title><meta name="description" content="Plain description"><meta property="og:title" content="OG title"><meta property="og:description" content="OG description"><meta property="og:image" content="/img/cover.jpg"><link rel="canonical" href="/canonical">',
    );
    expect(m).toMatchObject({
      title: 'OG title',
      description: 'OG description',
      language: 'de-AT',
      canonicalUrl: 'https://example.com/canonical',
      ogTitle: 'OG title',
      ogDescription: 'OG description',
      ogImage: 'https://example.com/img/cover.jpg',
    });
  });

  it('leaves OpenGraph fields null when absent and strips site names from <title>', () => {
    const m = meta('<title>A rather long headline here | The Site</title>');
    expect(m.ogDescription).toBeNull();
    expect(m.ogImage).toBeNull();
    expect(m.title).toBe('A rather long headline here');
  });

  it('prefers JSON-LD article facts and normalizes publishedAt to ISO 8601', () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'The Site' },
        {
          '@type': 'NewsArticle',
          headline: 'LD headline',
          author: [{ '@type': 'Person', name: 'Ann' }, { name: 'Bob' }],
          datePublished: '2024-03-05T10:00:00+02:00',
          publisher: { name: 'Publisher Inc' },
        },
      ],
    });
    const m = meta(
      `<script type="application/ld+json">${ld}</script><meta name="author" content="Meta Author">`,
    );
    expect(m.title).toBe('LD headline');
    expect(m.byline).toBe('Ann, Bob');
    expect(m.publishedAt).toBe('2024-03-05T08:00:00.000Z');
    expect(m.siteName).toBe('Publisher Inc');
  });

  it('falls back to microdata and article:published_time', () => {
    const m = meta(
      '<meta property="article:published_time" content="2020-01-02">',
      '<div itemscope itemtype="https://schema.org/Article"><span itemprop="author">Micro Writer</span></div>',
    );
    expect(m.byline).toBe('Micro Writer');
    expect(m.publishedAt).toBe('2020-01-02T00:00:00.000Z');
  });

  it('ignores invalid dates and malformed JSON-LD', () => {
    const m = meta(
      '<script type="application/ld+json">{not json</script><meta property="article:published_time" content="yesterday">',
    );
    expect(m.publishedAt).toBeNull();
  });
});
