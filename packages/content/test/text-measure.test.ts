import { describe, expect, it } from 'vitest';
import { bodyOf, type Elem, findAll, innerText, parseHtml } from '../src/dom';
import { measureTexts } from '../src/text-measure';

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
