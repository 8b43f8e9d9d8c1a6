import { describe, expect, it } from 'vitest';
import { convert, md } from './page';

const para = (topic: string): string =>
  `<p>The ${topic} paragraph explains, in some detail, how the harbour works: boats arrive, cargo is weighed, and crews rest before the tide turns again in the evening.</p>`;

const page = `<html><head><title>Harbour life | Example News</title></head><body>
  <header class="site-header"><a href="/">Example News</a><nav><a href="/world">World</a> <a href="/sport">Sport</a></nav></header>
  <div class="sidebar"><h3>Most read</h3><ul><li><a href="/1">Story one</a></li><li><a href="/2">Story two</a></li></ul></div>
  <article class="post">
    <h1>Harbour life</h1>
    ${para('first')}${para('second')}${para('third')}
    <table><thead><tr><th>Boat</th><th>Tons</th></tr></thead><tbody><tr><td>Ada</td><td>12</td></tr></tbody></table>
    <p><img src="/deco.png"> <img src="/boats.jpg" alt="Boats at the quay"></p>
  </article>
  <footer class="site-footer"><a href="/about">About</a> © Example</footer>
</body></html>`;

describe('modes', () => {
  it('article (default) keeps the story and drops navigation, sidebar and footer', () => {
    const out = md(page, { mode: undefined });
    expect(out).toContain('The first paragraph explains');
    expect(out).toContain('The third paragraph');
    expect(out).not.toContain('Most read');
    expect(out).not.toContain('Sport');
    expect(out).not.toContain('About');
    // The heading that repeats the page title is not repeated in the body.
    expect(out).not.toContain('# Harbour life');
  });

  it('raw keeps the whole page', () => {
    const out = md(page, { mode: 'raw' });
    expect(out).toContain('Most read');
    expect(out).toContain('[Sport](https://example.com/sport)');
    expect(out).toContain('The first paragraph explains');
    expect(out).toContain('About');
  });

  it('llm drops chrome and alt-less images, keeps tables and compacts', () => {
    const out = md(page, { mode: 'llm' });
    expect(out).not.toContain('Most read');
    expect(out).not.toContain('Sport');
    expect(out).not.toContain('About');
    expect(out).not.toContain('deco.png');
    expect(out).toContain('![Boats at the quay](https://example.com/boats.jpg)');
    expect(out).toContain('| Boat | Tons |\n| --- | --- |\n| Ada | 12 |');
    expect(out).not.toMatch(/\n\n/);
  });

  it('llm keeps headings that are links (post titles, teasers) while dropping link lists', () => {
    const listing = `<body><main>
      <article><header><h2><a href="/harbour">Harbour life</a></h2></header>${para('first')}</article>
      <article><h2><a href="/tides">Tides</a></h2>${para('second')}</article>
      <div><a href="/a">Archive</a> <a href="/b">Tags</a> <a href="/c">Feeds</a></div>
    </main></body>`;
    const out = md(listing, { mode: 'llm' });
    expect(out).toContain('## [Harbour life](https://example.com/harbour)');
    expect(out).toContain('## [Tides](https://example.com/tides)');
    expect(out).not.toContain('Archive');
  });

  it('llm carries the headline in when the page marks only the article body as main', () => {
    const story = (top: string) => `<body>${top}<article>
      <div role="main">${para('first')}${para('second')}</div>
    </article><footer>© Example</footer></body>`;
    expect(md(story('<h1>Harbour life</h1>'), { mode: 'llm' }).split('\n')[0]).toBe('# Harbour life');
    // A site logo in the page header is not the headline.
    const logo = md(story('<header><h1>Example News</h1></header>'), { mode: 'llm' });
    expect(logo.split('\n')[0]).toBe(
      'The first paragraph explains, in some detail, how the harbour works: boats arrive, cargo is weighed, and crews rest before the tide turns again in the evening.',
    );
  });

  it('article mode falls back to the whole body for pages without a clear article', () => {
    expect(md('<body><div>Just a short note.</div></body>', { mode: 'article' })).toBe('Just a short note.');
  });

  it('article mode finds the byline when metadata has none', () => {
    const r = convert(
      `<body><article><p class="byline">By Jane Roe</p>${para('a')}${para('b')}${para('c')}</article></body>`,
      {
        mode: 'article',
      },
    );
    expect(r.metadata.byline).toBe('Jane Roe');
    expect(r.markdown).not.toContain('Jane Roe');
  });
});

describe('BM25 query filter', () => {
  const doc = `<body>
    <h2>Tides</h2><p>Tides rise twice a day along this coast because of the moon.</p>
    <h2>Cargo</h2><p>Cargo ships unload grain and timber at the northern pier.</p>
    <h2>Market</h2><p>Fishing boats sell their catch at dawn in the market hall.</p>
  </body>`;

  it('keeps only blocks relevant to the query, with their section heading', () => {
    const out = md(doc, { query: 'unloading cargo ships' });
    expect(out).toBe('## Cargo\n\nCargo ships unload grain and timber at the northern pier.');
  });

  it('matches inflected forms through stemming; a matching heading keeps its section', () => {
    expect(md(doc, { query: 'tide' })).toBe(
      '## Tides\n\nTides rise twice a day along this coast because of the moon.',
    );
  });

  it('an empty query disables the filter', () => {
    expect(md(doc, { query: '' })).toContain('Fishing boats');
    expect(md(doc, { query: '   ' })).toContain('Fishing boats');
  });
});

describe('content served inside <noscript>', () => {
  const posts = `<noscript><div class="post"><b>ann</b>${para('first')}</div><div class="post"><b>bob</b>${para('second')}</div></noscript>`;

  it('is the page when it outweighs the rest of the body (script-rendered forums)', () => {
    const page = `<html><body><header>Site</header><div id="app"></div>${posts}</body></html>`;
    for (const mode of ['raw', 'article'] as const) {
      const out = md(page, { mode });
      expect(out).toContain('The first paragraph explains');
      expect(out).toContain('The second paragraph explains');
    }
  });

  it('stays hidden beside a page that has its own content', () => {
    const page = `<html><body><article>${para('own')}${para('other')}</article><noscript><p>Please enable JavaScript to use all of this site.</p></noscript></body></html>`;
    expect(md(page, { mode: 'raw' })).not.toContain('enable JavaScript');
  });
});
