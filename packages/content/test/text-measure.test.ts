import { describe, expect, it } from 'vitest';
import { bodyOf, type Elem, findAll, innerText, parseHtml } from '../src/parse';
import { countInText, linkText, measureTexts, textLength } from '../src/text-measure';

describe('measureTexts', () => {
  const body = bodyOf(
    parseHtml(`<body>
      <div id="a">  Lead <b> bold </b>text,
        <p>para <a href="/x"> a link </a> and <a href="#top">an anchor</a>.</p>
        <script>not text</script><span>  </span><i>end</i>  </div>
      <ul><li> one </li><li>two<a href="/y">three</a></li></ul>
    </body>`),
  );
  const measures = measureTexts(body);

  it('gives every element the length of its innerText, from one walk', () => {
    for (const el of [body, ...findAll(body, () => true)]) {
      if (el.tag === 'script') continue;
      expect(measures.get(el)?.text, `<${el.tag}>`).toBe(innerText(el).length);
    }
  });

  it('sums the link text inside, with in-page anchors weighted 0.3', () => {
    const div = findAll(body, (e) => e.attrs.id === 'a')[0] as Elem;
    expect(measures.get(div)?.link).toBeCloseTo('a link'.length + 0.3 * 'an anchor'.length);
    expect(measures.get(body)?.link).toBeCloseTo('a link'.length + 0.3 * 'an anchor'.length + 'three'.length);
  });
});

describe('textLength', () => {
  const body = bodyOf(
    parseHtml(`<body><article>
      <h2>  Posts:
        98 </h2><p> Lead, <b>bold</b><i> </i>text,&nbsp; and
        <a href="/x">a link</a>.</p><script>var a = "x, y";</script>
      <dl><dt>Joined</dt> <dd> Apr 13, 2009</dd></dl><span>   </span></article>
    </body>`),
  );

  it('is the length of innerText, for every element and text node', () => {
    for (const el of [body, ...findAll(body, () => true)]) {
      expect(textLength(el), `<${el.tag}>`).toBe(innerText(el).length);
      for (const child of el.children) expect(textLength(child)).toBe(innerText(child).length);
    }
  });

  it('stops past a maximum with a length over it', () => {
    const length = innerText(body).length;
    expect(textLength(body, length)).toBe(length);
    expect(textLength(body, 10)).toBeGreaterThan(10);
    expect(textLength(body, 10)).toBeLessThan(length);
  });

  it('counts characters of the text outside scripts', () => {
    expect(countInText(body, /,/g)).toBe((innerText(body).match(/,/g) ?? []).length);
    expect(countInText(body, /,/g)).toBe(3);
  });

  it('weighs the links among elements already found as among those it finds', () => {
    const post = bodyOf(
      parseHtml(
        '<body><div><p>See <a href="/x"> a link </a> and <a href="#top">an anchor</a>.</p></div></body>',
      ),
    );
    expect(
      linkText(
        post,
        findAll(post, () => true),
      ),
    ).toBe(linkText(post));
    expect(linkText(post)).toBeCloseTo(6 + 0.3 * 9);
  });

  it('stops counting once it has found the most asked for', () => {
    const list = bodyOf(parseHtml('<body><p>a, b, c</p><p>d, e</p><p>f, g</p></body>'));
    expect(countInText(list, /,/g, 2)).toBe(2);
    expect(countInText(list, /,/g, 3)).toBe(3);
    expect(countInText(list, /,/g, 10)).toBe(4);
  });
});
