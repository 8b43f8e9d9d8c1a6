import { describe, expect, it } from 'vitest';
import { bodyOf, type Elem, findAll, parseHtml } from '../src/parse';
import { mainInside } from '../src/regions/chosen-region';
import { measureTexts } from '../src/text-measure';
import { articleAt } from './page';

/*
 * A marketplace item page modelled on WCXB auction-site pages: one layout wrapper holds the header
 * (its menus and a consent notice) and the declared main region, whose item details are short lines
 * rather than prose; the scorer settles on the wrapper (chosen-region.ts, mainInside).
 */

const article = articleAt('https://market.example/itm/276702815108');

const menu = ['Motors', 'Clothing', 'Sporting goods', 'Electronics', 'Business', 'Jewelry']
  .map(
    (m) =>
      `<li><a href="/b/${m}">${m}</a><ul><li><a href="/b/${m}/1">${m} parts and accessories</a></li><li><a href="/b/${m}/2">${m} deals of the week</a></li></ul></li>`,
  )
  .join('');

const page = `<!doctype html><html><head><title>next 3 pack ladies top | Market</title></head><body>
  <div class="vi-evo"><div class="global-header"><ul class="menu-list">${menu}</ul>
  <div class="promo"><p>Shop exclusive items from trusted sellers, streaming live tonight, with new drops every hour.</p></div>
  <div class="notice-text"><p>We use cookies and other technologies that are essential to provide you our
  services and site functionality. If you agree, we will also allow third-party companies to store
  cookies on your device and use similar technologies for advertising personalisation.</p></div></div>
  <main><div class="item-main"><h1>next 3 pack ladies top black, white and green size 6</h1>
  <div class="price">GBP 4.00</div><div class="ended">Ended Sat, Nov 02, 04:33 AM</div>
  <div class="row"><span class="label">Condition:</span> <span class="value">New with tags</span></div>
  <div class="row"><span class="label">Delivery:</span> <span class="value">Varies</span></div>
  <div class="about"><h2>About this item</h2><p>Seller assumes all responsibility for this listing, and answers questions within a day.</p>
  <p>Three cotton jersey tops in black, white and green, worn once and washed, from a smoke-free home.</p></div></div></main>
  <footer><a href="/help">Help</a> <a href="/about">About</a></footer></div></body></html>`;

/** What mainInside makes of the scorer choosing the element of class `chosen` on `html`. */
function narrowed(html: string, chosen: string): string | null {
  const body = bodyOf(parseHtml(html));
  const [el] = findAll(body, (e) => e.attrs.class === chosen);
  return mainInside(el as Elem, body, measureTexts(body))?.tag ?? null;
}

describe('a choice wrapping the declared main region with the header', () => {
  it('narrows a layout wrapper of the header and the main region to the main region', () => {
    expect(narrowed(page, 'vi-evo')).toBe('main');
    expect(narrowed(page, 'item-main')).toBeNull();
  });

  it('keeps a wrapper whose headline is above the main region, or that holds nothing else', () => {
    const titled = page.replace('<div class="promo">', '<h1>Spring sale</h1><div class="promo">');
    expect(narrowed(titled, 'vi-evo')).toBeNull();
    const bare = page
      .replace(/<div class="vi-evo">.*<main>/s, '<div class="vi-evo"><main>')
      .replace(/<footer>.*<\/footer>/s, '');
    expect(narrowed(bare, 'vi-evo')).toBeNull();
  });

  it('gives the main region of the page as content', () => {
    const md = article(page);
    expect(md).toContain('Seller assumes all responsibility for this listing');
    expect(md).toContain('Condition: New with tags');
    expect(md).not.toContain('We use cookies');
    expect(md).not.toContain('deals of the week');
  });
});
