import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';

/*
 * A category page whose longest prose is a promotion's terms in an overlay (role `dialog`) outside
 * its `<main>`, while the category's own copy sits in main under a footer-like class: when every
 * attempt chose the overlay, the main region without its chrome is the page. Fixture trimmed to
 * the shape of a shoe shop's brand page.
 */

const terms = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Offer term ${i + 1}: $10 off your purchase of $50 or more, $15 off your purchase of $75 or more, valid once in stores or online. Not valid on select brands, gift cards, or in conjunction with other promotions, loyalty rewards or price adjustments.</p>`,
).join('');

const html = `<!doctype html><html><head><title>Crocs Classic Clogs</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/women">Women</a> <a href="/men">Men</a> <a href="/kids">Kids</a></nav></header>
  <div class="promo-offerbanner"><a href="#offer">Save up to $20</a>
    <div class="promo-offerbanner__overlay" role="dialog"><div class="promo-offerbanner__overlay-text">${terms}</div></div></div>
  <main><h1>Crocs Classic Clogs</h1>
    <div class="component content"><div class="field-seofootercopy"><h2>Shop Crocs Classic Clogs</h2>
      <p><a href="/browse/brands/crocs">Shop All Crocs</a></p>
      <p>Experience iconic comfort with Crocs Classic Clogs. These timeless favorites redefine casual footwear, in just about every color, so your footwear feels fantastic and complements any outfit.</p>
      <p>Crocs shoes have an enduring appeal: they offer comfort and ease of wear for every member of the family, from the garden to the beach and back.</p>
    </div></div>
  </main>
  <footer><p>© Shoe shop</p></footer></body></html>`;

describe('a page whose every attempt chose an overlay', () => {
  it("keeps the main region's copy, not the promotion's terms", () => {
    const md =
      processHtml(html, {
        url: 'https://shoes.example/crocs-classic',
        outputs: ['markdown'],
        mode: 'article',
      }).markdown ?? '';
    expect(md).toContain('Experience iconic comfort with Crocs Classic Clogs');
    expect(md).not.toContain('Offer term 3');
  });
});
