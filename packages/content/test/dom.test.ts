import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  baseElement,
  cloneNode,
  type Elem,
  findAll,
  findFirst,
  findFirstWhere,
  hasText,
  type Node,
  parsedNoscriptsAndTemplates,
  parseHtml,
  textContent,
} from '../src/parse';

/** The tree as plain data, parents left out. */
function shape(node: Node): unknown {
  if (node.type === 3) return node.text;
  return [node.tag, node.attrs, node.children.map(shape)];
}

const GOLDEN = join(import.meta.dirname, 'golden');

describe('parseHtml fast tokenizer', () => {
  it.each([
    'plain text & more &amp; &lt;tags&gt; &notin; &nbsp x',
    '<p title="a &amp; b" data-x=\'it&apos;s\' c=un&amp;quoted d>text<br/>more</p>',
    '<div class="a"id=b>one<span>two</div>three',
    '<script>if (a < b && c) document.write("</div>")</script><p>after',
    '<style>p > a { color: red }</style><title>A &amp; B</title><textarea>x &lt; y</textarea>',
    '<!-- a comment <p> --><!doctype html><![CDATA[ x ]]><?php echo 1 ?><p>end',
    '<p>unterminated attribute <a href="x&y',
    '<p>trailing & ampersand <b>and &#x41;&#66;&#0; refs',
    '<table><tr><td>1<td>2</table></p><svg><path d="M0 0"/></svg>',
    'text only, no markup at all',
    '<a href=\'single "quoted"\'>x</a><a href="double \'quoted\'">y</a>',
    '<p class=a CLASS=b __proto__=x constructor=y>first of each name wins</p></p></br><li>a<li>b',
    '<svg><title>t</title><circle/><foreignObject><p>in</p></foreignObject></svg><p/>after',
    '<table><tr><td>a<tr><td>b</table><select><option>1<option>2</select><dl><dt>x<dd>y</dl>',
    '<DIV Class=x><SPAN>a</DIV>b</Span><b><i>c</b>d</i></img><math><mi/>e</math>f',
    // Tag and attribute names are read up to their end in one search: every way a name ends.
    '<p\tclass\n=\fx\ry/data-a/>a</p\n><div\ra=1\fb\tc/d=2>b</div/><i x/=y>c</i/ >d</i ><br/ >e',
    '<sec-tion data-long-attribute-name-x="1"data-y=2 data-z>f</sec-tion x=1><p>g</p',
    '<p>ends in an attribute name <a hre',
    '<p>ends in a tag name <spa',
    // Common references are read in one search: names, decimal numbers and what the decoder replaces.
    '<p title="&quot;x&quot; &amp;&AMP; &#39;&#039;" alt="&hellip;&#128;&#0;&#55296;&#1114112;&#9999999;">&amp;x&nbsp;',
    '<a href="?q=1&=2&&x=1& y&#x41;" title="a&">Q&A &&amp; &1 &-</a>&',
    '<p>&rsquo;&rsquo &euro;&#8364;&#x20ac;&#;&;&amp &ampx; &ndash;&notanentity;&#65x;&#1234567890;&#10; &lt',
  ])('builds the tree htmlparser2 builds: %s', (html) => {
    expect(shape(parseHtml(html))).toEqual(shape(parseHtml(html, false)));
  });

  it.each(readdirSync(GOLDEN).filter((f) => f.endsWith('.html')))('builds the same tree for %s', (file) => {
    const html = readFileSync(join(GOLDEN, file), 'utf8');
    const fast = shape(parseHtml(html));
    expect(JSON.stringify(fast).length).toBeGreaterThan(1000);
    expect(fast).toEqual(shape(parseHtml(html, false)));
  });
});

describe('parseHtml CDATA', () => {
  it('ends a <![CDATA[ in HTML content at the first > as browsers do, keeping the page after it', () => {
    // A forum theme's body opens with a stray CDATA marker that is never closed.
    const doc = parseHtml(
      '<html><body>\n  <![CDATA[\n<div id="jumpToTop"></div><div class="p-body"><article class="message-body">' +
        '<div class="bbWrapper">I want to buy a wearable to measure the basics.</div></article></div></body></html>',
    );
    expect(textContent(doc)).toContain('I want to buy a wearable');
    expect(findFirst(doc, 'article')?.attrs.class).toBe('message-body');
  });

  it('finds the first element passing a test in document order, as findAll would list it first', () => {
    // A byline whose author link sits in a nested span, after a date element matching no test.
    const doc = parseHtml(
      '<div class="byline"><time>May 2</time><span><a rel="author" href="/a/ann">Ann</a></span>' +
        '<a rel="author" href="/a/bob">Bob</a></div>',
    );
    const test = (e: Elem): boolean => e.attrs.rel === 'author';
    expect(findFirstWhere(doc, test)?.attrs.href).toBe('/a/ann');
    expect(findFirstWhere(doc, test)).toBe(findAll(doc, test)[0]);
    expect(findFirstWhere(doc, (e) => e.tag === 'table')).toBeNull();
  });

  it('keeps a CDATA section inside SVG whole', () => {
    const doc = parseHtml('<svg><text><![CDATA[ a > b ]]></text></svg><p>after</p>');
    expect(textContent(doc)).not.toContain('b ]]');
    expect(findFirst(doc, 'p')?.parent?.tag).toBe('#document');
  });
});

describe('baseElement', () => {
  it('is the first <base> in document order, noted while parsing', () => {
    const doc = parseHtml(
      '<html><head><title>t</title><base href="/a/"></head><body><base href="/b/"></body>',
    );
    expect(baseElement(doc)?.attrs.href).toBe('/a/');
    expect(baseElement(doc)).toBe(findFirst(doc, 'base'));
  });

  it('is null when the page has none, and found by walking for trees built otherwise', () => {
    expect(baseElement(parseHtml('<p>no base</p>'))).toBeNull();
    const copy = cloneNode(parseHtml('<div><base href="x"></div>')) as Elem;
    expect(baseElement(copy)?.attrs.href).toBe('x');
  });
});

describe('parsedNoscriptsAndTemplates', () => {
  it('lists the noscripts and templates in document order, nested ones too; null for other trees', () => {
    const doc = parseHtml(
      '<head><noscript><link rel="x"></noscript></head><body><template id="B:0"></template><div><noscript><p>a<noscript>b</noscript></p></noscript></div></body>',
    );
    const walked = findAll(doc, (e) => e.tag === 'noscript' || e.tag === 'template');
    expect(walked).toHaveLength(4);
    expect(parsedNoscriptsAndTemplates(doc)).toEqual(walked);
    expect(parsedNoscriptsAndTemplates(cloneNode(doc) as Elem)).toBeNull();
  });
});

describe('hasText', () => {
  it.each([
    ['<div><p>word</p></div>', true],
    ['<div> \n\t<p>\u00a0</p>\u2003<br></div>', false],
    ['<div><script>var x = 1</script><style>p{}</style> </div>', false],
    ['<div><span> </span><b><i>x</i></b></div>', true],
    ['<div></div>', false],
  ])('agrees with textContent().trim() on %s', (html, expected) => {
    const div = findFirst(parseHtml(html), 'div') as Elem;
    expect(hasText(div)).toBe(expected);
    expect(textContent(div).trim().length > 0).toBe(expected);
  });
});
