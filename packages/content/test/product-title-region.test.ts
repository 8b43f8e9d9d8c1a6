import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * One product's page whose scorer picks the block below its buy box (chosen-region.ts
 * `titledRegion`), modelled on WCXB marketplace pages: the product's name, price and "About this
 * item" bullets in one column, the specifications table and a "Customers say" summary below.
 */

const article = articleAt('https://shop.example/dp/e19');

const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"E19 Wireless Earbuds","offers":{"@type":"Offer","price":"29.99"}}</script>`;

const rows = [
  ['Compatible devices', 'Cellphones, tablets, laptops, car audio systems, smart watches'],
  ['Recommended uses', 'Calling, gaming, music, sports, travel, commuting'],
  ['Included components', 'Charging case, USB C cable, user manual, earbuds (L/R), ear tips'],
  ['Material', 'Acrylonitrile butadiene styrene, silicone, aluminium, glass'],
  ['Specific uses', 'Entertainment, gaming, travel, fitness, running, office'],
  ['Age range', 'Adult, teen, senior, young adult, student, professional'],
  ['Connectivity', 'Bluetooth 5.3, USB C, wireless charging, touch control, voice'],
  ['Water resistance', 'IPX7, sweat proof, rain proof, splash proof, dust proof'],
  ['Controls', 'Touch, tap, double tap, long press, swipe, voice assistant'],
  ['Audio codecs', 'SBC, AAC, aptX, LDAC, LC3, Opus'],
  ['Colours', 'White, black, blue, pink, green, grey'],
  ['Warranty', 'Twelve months, replacement, refund, repair, support, returns'],
]
  .map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`)
  .join('');

const page = `<!doctype html><html><head><title>E19 Wireless Earbuds</title>${jsonLd}</head><body>
  <header><nav><a href="/">Home</a> <a href="/audio">Audio</a></nav></header>
  <main><div class="product">
    <div class="top"><div class="center-column">
      <h1>E19 Wireless Earbuds</h1>
      <span class="price">$29.99</span>
      <h2>About this item</h2>
      <ul>
        <li>Distinctive design: the charging case is shaped like a space capsule with a clear lid</li>
        <li>Fifty hours of playtime with the case, and ten minutes of charging gives two hours</li>
        <li>Adaptive noise cancelling keeps the street out while four microphones carry your calls</li>
      </ul>
    </div></div>
    <div class="below-fold"><div class="detail-column"><h2>Product information</h2><div class="section"><div class="expander"><table>${rows}</table></div></div>
      <div data-hook="cr-summary"><h3>Customers say</h3>
        <p>Customers like the sound quality, battery life, and value for money of these earbuds, saying they are comfortable, easy to pair, and hold a charge for a full day of use.</p>
        <p>They mention that the case is small, sturdy, and looks good on a desk, although some find the touch controls too sensitive, and a few say the fit is loose for small ears.</p>
      </div></div></div>
  </div></main>
  <footer><p>© Shop</p></footer></body></html>`;

describe('a product page whose chosen region is the block below its name', () => {
  it('widens to the wrapper holding the product name and its description', () => {
    const md = article(page);
    expect(md).toContain('Water resistance');
    expect(md).toContain('space capsule');
  });
});
