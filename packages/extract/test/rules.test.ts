import { describe, expect, it } from 'vitest';
import { compileSchema, extract } from '../src/index';

/** One page, one schema: the extracted data (the page's URL is https://news.example/story). */
function dataOf(html: string, properties: Record<string, unknown>, required: string[] = []) {
  const schema = compileSchema({ type: 'object', properties, required });
  return extract({ html, url: 'https://news.example/story', schema }).data as Record<string, unknown>;
}

const uri = { type: 'string', format: 'uri' };

describe('images', () => {
  it('a lead_image_url is the lead image, not the page URL', () => {
    const html = `<html><head><link rel="canonical" href="https://news.example/story">
      <meta property="og:url" content="https://news.example/story">
      <meta property="og:image" content="https://cdn.news.example/lead.jpg"></head>
      <body><h1>Story</h1></body></html>`;
    expect(dataOf(html, { lead_image_url: uri, author_name: { type: 'string' } })).toEqual({
      lead_image_url: 'https://cdn.news.example/lead.jpg',
    });
  });
});
