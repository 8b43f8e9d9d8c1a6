import { describe, expect, it } from 'vitest';
import { md } from './page';

describe('markdown basics', () => {
  it('writes headings, emphasis, strikethrough and paragraphs', () => {
    const out = md(
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em> and <del>gone</del> text.</p><h3>Sub</h3>',
    );
    expect(out).toBe('# Title\n\nSome **bold**, *italic* and ~~gone~~ text.\n\n### Sub');
  });

  it('writes an element holding only text with the spaces, escapes and empties of its edges', () => {
    // Links, emphasis, headings and cells of one text node take a shortcut around a fresh writer.
    const out = md(
      '<p>a<a href="/x"> 1. b </a>c <a href="/y">   </a>d<a href="/z">#&nbsp;tag</a> <b> bold </b>e<em>*</em>f<strong>  </strong>g</p>' +
        '<h2> Title  with\n spaces </h2><ul><li><a href="/n">- item</a></li><li><a href="/m"></a></li><li><i> x</i><i>y </i></li></ul>' +
        '<blockquote>quoted _text_</blockquote><table><tr><th>h</th><th> k </th></tr><tr><td>1</td><td><a href="/c">2</a></td></tr></table>',
      { url: 'https://e.test/p' },
    );
    expect(out).toBe(
      'a [1\\. b](https://e.test/x) c d[\\# tag](https://e.test/z) **bold** e*\\**f g\n\n## Title with spaces\n\n' +
        '- [\\- item](https://e.test/n)\n- \n- *x**y*\n\n> quoted \\_text\\_\n\n| h | k |\n| --- | --- |\n| 1 | [2](https://e.test/c) |',
    );
  });

  it('collapses whitespace in running text but keeps pre blocks verbatim with their language', () => {
    const out = md('<p>a\n   b\t c</p><pre><code class="language-js">if (x) {\n  y();\n}</code></pre>');
    expect(out).toBe('a b c\n\n```js\nif (x) {\n  y();\n}\n```');
  });

  it('uses a longer fence when the code contains backticks, and escapes inline code ticks', () => {
    const out = md('<pre>```\ninner\n```</pre><p>run <code>a`b</code></p>');
    expect(out).toContain('````\n```\ninner\n```\n````');
    expect(out).toContain('run ``a`b``');
  });

  it('renders nested lists with indentation and ordered start numbers', () => {
    const out = md(
      '<ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul><ol start="3"><li>c</li><li>d</li></ol>',
    );
    expect(out).toBe('- one\n  - inner\n- two\n\n3. c\n4. d');
  });

  it('prefixes every blockquote line, including nested paragraphs', () => {
    expect(md('<blockquote><p>first</p><p>second</p></blockquote>')).toBe('> first\n>\n> second');
  });

  it('turns <br> into a hard line break and <hr> into a rule', () => {
    expect(md('<p>line1<br>line2</p><hr><p>after</p>')).toBe('line1  \nline2\n\n---\n\nafter');
  });

  it('keeps a <br> at the edge of emphasis or a link as a break outside the markers', () => {
    expect(md('<ul><li><strong>Heading<br></strong>Body text</li></ul>')).toBe(
      '- **Heading**  \n  Body text',
    );
    expect(md('<p>before<em><br>after</em></p>')).toBe('before  \n*after*');
    expect(md('<p><a href="/x">go<br></a>next</p>')).toBe('[go](https://example.com/x)  \nnext');
  });

  it('escapes characters that would become Markdown syntax', () => {
    const out = md('<p>1. not a list *star* [x] snake_case _under_</p><p># not heading</p>');
    expect(out).toBe('1\\. not a list \\*star\\* \\[x\\] snake_case \\_under\\_\n\n\\# not heading');
  });

  it('drops scripts, styles, hidden elements and form controls', () => {
    const out = md(
      '<p>keep</p><script>bad()</script><style>p{}</style><p hidden>h1</p><p style="display:none">h2</p><div aria-hidden="true">h3</div><button>Click</button>',
    );
    expect(out).toBe('keep');
  });

  it('absolutizes links against <base href> over the page URL', () => {
    const out = md(
      '<head><base href="https://cdn.example.org/base/"></head><body><a href="x.html">x</a></body>',
    );
    expect(out).toBe('[x](https://cdn.example.org/base/x.html)');
  });

  it('resolves relative links against the page URL without <base>', () => {
    expect(md('<a href="../up.html">up</a> <a href="/root">root</a>')).toBe(
      '[up](https://example.com/up.html) [root](https://example.com/root)',
    );
  });
});

describe('links option', () => {
  const page =
    '<p>See <a href="/a">Alpha</a> and <a href="https://other.org/b">Beta</a>, <a href="javascript:void(0)">js</a>.</p>';

  it('inline (default)', () => {
    expect(md(page)).toBe('See [Alpha](https://example.com/a) and [Beta](https://other.org/b), js.');
  });

  it('references: numbered markers and a definitions footer', () => {
    expect(md(page, { links: 'references' })).toBe(
      'See [Alpha][1] and [Beta][2], js.\n\n[1]: https://example.com/a\n[2]: https://other.org/b',
    );
  });

  it('none: keeps the text only', () => {
    expect(md(page, { links: 'none' })).toBe('See Alpha and Beta, js.');
  });

  it('text: link text followed by the bare URL', () => {
    expect(md(page, { links: 'text' })).toBe(
      'See Alpha (https://example.com/a) and Beta (https://other.org/b), js.',
    );
  });

  it('linksSummary appends a numbered Links footer', () => {
    const out = md(page, { linksSummary: true });
    expect(
      out.endsWith('## Links\n\n1. [Alpha](https://example.com/a)\n2. [Beta](https://other.org/b)'),
    ).toBe(true);
  });
});

describe('images option', () => {
  const page = '<p>Look: <img src="/pic.jpg" alt="A cat"> here</p>';

  it('inline (default)', () => {
    expect(md(page)).toBe('Look: ![A cat](https://example.com/pic.jpg) here');
  });

  it('references', () => {
    expect(md(page, { images: 'references' })).toBe(
      'Look: ![A cat][img1] here\n\n[img1]: https://example.com/pic.jpg',
    );
  });

  it('none drops images; text keeps the alt text', () => {
    expect(md(page, { images: 'none' })).toBe('Look: here');
    expect(md(page, { images: 'text' })).toBe('Look: A cat here');
  });

  it('imagesSummary lists images in a footer', () => {
    expect(md(page, { imagesSummary: true })).toContain(
      '## Images\n\n1. ![A cat](https://example.com/pic.jpg)',
    );
  });

  it('uses the lazy-load source when src is a placeholder', () => {
    const out = md('<img src="data:image/gif;base64,R0lGOD" data-src="/real.png" alt="real">');
    expect(out).toBe('![real](https://example.com/real.png)');
  });

  it('removeBase64Images (default true) strips data: images; false keeps them', () => {
    const page2 = '<p>x <img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"></p>';
    expect(md(page2)).toBe('x');
    expect(md(page2, { removeBase64Images: false })).toBe('x ![inline](data:image/png;base64,iVBORw0KGgo=)');
  });

  it('filterImages drops icons, spacers and ad images but keeps content images', () => {
    const page3 =
      '<p><img src="/icons/share.svg" width="16" height="16"><img src="/ads/banner.gif" class="ad"><img src="/photos/harbour.jpg" alt="The harbour at dawn" width="800" height="600"></p>';
    expect(md(page3, { filterImages: true })).toBe(
      '![The harbour at dawn](https://example.com/photos/harbour.jpg)',
    );
    expect(md(page3)).toContain('share.svg');
  });

  it('drops 1×1 tracking pixels and known beacons always', () => {
    const out = md(
      '<p>t<img src="/p.gif" width="1" height="1"><img src="https://www.facebook.com/tr?id=1"></p>',
    );
    expect(out).toBe('t');
  });
});

describe('compact', () => {
  it('separates blocks with single newlines', () => {
    expect(md('<h2>A</h2><p>one</p><p>two</p>', { compact: true })).toBe('## A\none\ntwo');
  });
});
