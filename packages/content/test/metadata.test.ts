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
      title: 'Page title - Site',
      description: 'OG description',
      language: 'de-AT',
      canonicalUrl: 'https://example.com/canonical',
      ogTitle: 'OG title',
      ogDescription: 'OG description',
      ogImage: 'https://example.com/img/cover.jpg',
    });
  });

  it('leaves OpenGraph fields null when absent and keeps <title> as the document states it', () => {
    const m = meta('<title>A rather long headline here | The Site</title>');
    expect(m.ogDescription).toBeNull();
    expect(m.ogImage).toBeNull();
    expect(m.title).toBe('A rather long headline here | The Site');
  });

  it('titles the document by <title>, then og:title, then the main heading; an SVG title is not one', () => {
    const svg = '<svg><title>Logo</title></svg>';
    expect(
      meta('<title>\n  Doc  title\n</title><meta property="og:title" content="OG">', '<h1>Heading</h1>')
        .title,
    ).toBe('Doc title');
    expect(meta('<meta property="og:title" content="OG">', `${svg}<h1>Heading</h1>`).title).toBe('OG');
    expect(meta('', `${svg}<h1></h1><h1>Main heading</h1>`).title).toBe('Main heading');
    expect(meta('<title>Doc</title><meta property="og:title" content="OG">').ogTitle).toBe('OG');
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

  it('decodes entities that a CMS escaped twice in meta content, invalid code points as U+FFFD', () => {
    const m = meta(
      '<meta name="description" content="That&amp;#039;s &amp;quot;it&amp;quot; &amp;#x1F62D; &amp;#0; &amp;#xg;"><meta property="og:title" content="Q&amp;amp;A">',
    );
    expect(m.description).toBe('That\'s "it" 😭 \ufffd &#xg;');
    expect(m.title).toBe('Q&A');
  });

  it('prefers property= (RDFa) over name= for the same key and reads property="author"', () => {
    const m = meta(
      '<meta name="DC.title" content="Name title"><meta property="dc:title" content="Property title"><meta property="author" content="Prop Author">',
    );
    expect(m.title).toBe('Property title');
    expect(m.byline).toBe('Prop Author');
  });

  it('takes the byline from the article, not from navigation, sidebars or hidden elements', () => {
    const m = meta(
      '',
      '<nav><span class="byline">Menu Writer</span></nav><div class="sidebar"><p class="author">Side Writer</p></div><div id="authorization" hidden>Sign in | Sign up</div><article><span class="dateline">Sunday, Feb 1, 2015 11:57 AM UTC</span><h1>Story</h1><span class="byline">By <a rel="author" href="/writer/jane">Jane Roe</a>, Staff</span></article>',
    );
    expect(m.byline).toBe('Jane Roe');
  });

  it('narrows a byline element to the author link and drops a leading "By"', () => {
    expect(
      meta(
        '',
        '<div class="article-author"><a href="/latest?author=jw">Joe Wee</a> Monday, 29 Feb 2016</div>',
      ).byline,
    ).toBe('Joe Wee');
    expect(meta('<meta name="author" content="By Ann Lee">').byline).toBe('Ann Lee');
    expect(meta('', '<p class="byline">Par Sébastien Farcis</p>').byline).toBe('Sébastien Farcis');
  });

  it('finds publishedAt in Sailthru/Dublin Core meta, then a <time> in the article header, as ISO 8601 UTC', () => {
    expect(meta('<meta name="sailthru.date" content="2015-04-08 12:46:00">').publishedAt).toBe(
      '2015-04-08T12:46:00.000Z',
    );
    expect(meta('<meta name="DC.date.issued" content="20140305">').publishedAt).toBe(
      '2014-03-05T00:00:00.000Z',
    );
    expect(
      meta(
        '<meta property="article:published_time" content="soon">',
        '<footer><time datetime="2001-01-01">old</time></footer><article><header><time datetime="2016-07-29T16:42:34-04:00">July 29</time></header></article>',
      ).publishedAt,
    ).toBe('2016-07-29T20:42:34.000Z');
    expect(meta('', '<p><time datetime="2016-07-29">in running text</time></p>').publishedAt).toBeNull();
  });

  it('language: html lang, then xml:lang, Content-Language, og:locale', () => {
    const bare = (html: string) => convert(html, { outputs: ['metadata'] }).metadata.language;
    expect(bare('<html xml:lang="nl"><body></body></html>')).toBe('nl');
    expect(bare('<html><head><meta http-equiv="Content-Language" content="fr-CA"></head></html>')).toBe(
      'fr-CA',
    );
    expect(bare('<html><head><meta property="og:locale" content="pt_BR"></head></html>')).toBe('pt-BR');
  });

  it('recognizes a plain "By Name" line when there is no byline markup, but not running text', () => {
    const body = (line: string) => `<article><h1>Story</h1><p>${line}</p><p>Text of the story.</p></article>`;
    expect(meta('', body('By Jane Roe and John Doe')).byline).toBe('Jane Roe and John Doe');
    expect(meta('', body('Par Sébastien Farcis')).byline).toBe('Sébastien Farcis');
    expect(meta('', body('By the way, this is running text.')).byline).toBeNull();
    expect(meta('', body('by design we chose this')).byline).toBeNull();
  });
});
