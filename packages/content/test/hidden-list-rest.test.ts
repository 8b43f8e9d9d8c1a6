import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A store page's long list of add-ons shows its first rows and hides the rest behind "show all":
 * the hidden block follows the visible rows' block and holds rows of the same tag and class.
 */

const article = articleAt('https://store.example/app/4410/harbour-tycoon');

const row = (name: string, price: string, parity: string) =>
  `<a class="addon_row ${parity}" href="/app/${name.length}"><div class="addon_name">Harbour Tycoon - ${name}</div><div class="addon_price">${price}</div></a>`;
const VISIBLE = ['Lighthouse Pack', 'Container Cranes Pack', 'Northern Ports Pack'];
const HIDDEN = ['Ferry Routes Pack', 'Dry Dock Expansion', 'Original Soundtrack'];

const page = (hidden: string) => `<!doctype html><html><head><title>Harbour Tycoon</title></head><body>
<nav><a href="/">Store</a> <a href="/new">New</a> <a href="/top">Top sellers</a></nav>
<main>
  <h1>Harbour Tycoon</h1>
  <section class="about">
    <h2>About this game</h2>
    <p>Build the busiest port on the coast: dredge channels, lay out quays and schedule every ship that calls, while trade routes shift with the seasons and rival harbours bid for the same cargo.</p>
    <p>Each campaign spans a century of shipping, from sail to container giants, with harbours modelled on real coastlines and an economy that answers every decision you make.</p>
  </section>
  <section class="addons">
    <h2>Content for this game</h2>
    <div class="addon_list">
      <div class="addon_blocks">${VISIBLE.map((n, i) => row(n, '4,99€', i % 2 ? 'even' : 'odd')).join('')}</div>
      ${hidden}
    </div>
  </section>
</main>
<div class="menu-drawer" style="display: none"><ul><li><a href="/support">Support</a></li><li><a href="/wishlist">Wishlist</a></li></ul></div>
</body></html>`;

const REST = `<div id="addons_expanded" style="display: none;">${HIDDEN.map((n, i) => row(n, '2,99€', i % 2 ? 'odd' : 'even')).join('')}</div>`;

describe('the hidden rest of a long list', () => {
  it('keeps hidden rows that continue the visible rows of the same kind', () => {
    const md = article(page(REST));
    for (const name of [...VISIBLE, ...HIDDEN]) expect(md).toContain(`Harbour Tycoon - ${name}`);
  });

  it('drops a hidden block of another shape after the rows, and a hidden menu', () => {
    const other = `<div class="share_panel" style="display: none;"><p class="share_note">Share this list with a friend who plays harbour games</p><p class="share_note">Copy the link</p></div>`;
    const md = article(page(other));
    expect(md).not.toContain('Share this list');
    expect(md).not.toContain('Wishlist');
  });
});
