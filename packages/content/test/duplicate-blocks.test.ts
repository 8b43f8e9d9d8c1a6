import { describe, expect, it } from 'vitest';
import { dropDuplicateBlocks } from '../src/clutter/duplicate-blocks';
import { bodyOf, innerText, parseHtml } from '../src/parse';

const description = (dottedI: string): string =>
  `${dottedI}stanbul'da el yapımı bu seramik kupa, kahve ve çay için tasarlandı. `.repeat(20);

function cleaned(html: string, copiesOnly: boolean): string {
  const body = bodyOf(parseHtml(`<body>${html}</body>`));
  dropDuplicateBlocks(body, copiesOnly);
  return innerText(body);
}

describe('dropDuplicateBlocks', () => {
  it("drops a layout's second copy of the description, keeping the first with its wrappers", () => {
    const html = `<div class="desktop"><div class="row"><div class="col"><p>${description('İ')}</p></div></div></div>
      <div class="mobile"><section><p>${description('İ')}</p></section></div>
      <div class="specs"><p>Hacim: 350 ml</p></div>`;
    const text = cleaned(html, true);
    expect(text.split('seramik kupa').length - 1).toBe(20);
    expect(text).toContain('Hacim: 350 ml');
  });

  it('drops a copy that differs only in how its capital İ is written, as lower-casing makes them one text', () => {
    // "İ" lower-cases to "i̇" (two characters): the copies' lengths differ, their texts do not.
    const html = `<div><p>${description('İ')}</p></div><div><p>${description('i\u0307')}</p></div>`;
    expect(cleaned(html, true).split('seramik kupa').length - 1).toBe(20);
  });

  it('keeps a wrapper and its only block, one text twice over', () => {
    const text = `<p>${'Ein Absatz, der länger ist als vierzig Zeichen. '.repeat(2)}</p>`;
    const html = `<div class="wrap"><div class="inner">${text}</div></div><p>Noch ein Absatz.</p>`;
    expect(cleaned(html, false)).toBe(innerText(bodyOf(parseHtml(`<body>${html}</body>`))));
  });
});
