import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * One product's page whose description is a list of feature bullets beside a variant table
 * (product-description.ts), modelled on a WCXB storefront page (a hiking backpack's), in a block
 * whose class words weigh against it (`hidden-up-md`, a theme's copy for small screens). The meta
 * description repeats the description's opening, or the JSON-LD Product's description does while
 * the meta description is a line for search results (a headphone shop's). Trimmed to the structure
 * that matters.
 */

const article = articleAt('https://shop.example/products/pack-40');

const bullets = [
  'Durable material: the hiking backpack is made of rip-stop nylon fabric that is water resistant, tear resistant and wear resistant, with a rain cover in the pocket underneath.',
  'Comfortable design: a thick padded back with breathable mesh and padded shoulder straps reduces fatigue during a long day of hiking, and the chest buckle keeps the load centered.',
  'Large capacity: a roomy main compartment, a top pocket, three front pockets, two waist pockets and two mesh side pockets keep everything organized on the trail.',
];

function variantRows(): string {
  const rows = [
    'Blue / 40L',
    'Blue / 50L',
    'Black / 40L',
    'Black / 50L',
    'Khaki / 40L',
    'Green / 40L',
    'Purple / 40L',
    'Red / 40L',
    'Grey / 40L',
    'Khaki / 50L',
    'Orange / 50L',
  ];
  return rows
    .map(
      (v) =>
        `<tr><td>${v} hiking backpack, rip-stop shell, padded back, rain cover, variant PK-${v.length}0-XL</td><td>$39.99/ea</td><td><input type="number" name="qty" value="0"></td><td>$0.00</td></tr>`,
    )
    .join('');
}

function page(meta: string, head = '', descriptionClass = 'product-description hidden-up-md'): string {
  return `<!doctype html><html><head><title>Pack 40L Hiking Backpack</title>
  <meta property="og:type" content="product"><meta name="description" content="${meta}">${head}</head><body>
  <header><nav><a href="/">Home</a> <a href="/packs">Packs</a></nav></header>
  <main><div class="product">
    <h1>Pack 40L Hiking Backpack</h1>
    <form action="/cart/add"><select name="id"><option>Blue / 40L</option><option>Black / 40L</option></select>
    <button type="submit">Add to cart</button></form>
    <div class="${descriptionClass}"><ul>${bullets.map((b) => `<li><span>${b}</span></li>`).join('')}</ul></div>
    <div class="quick-order"><table><thead><tr><th>Variant</th><th>Price</th><th>Quantity</th><th>Total</th></tr></thead>
    <tbody>${variantRows()}</tbody></table><p>Taxes, discounts and shipping calculated at checkout.</p></div>
  </div></main>
  <footer><p>© Pack Co.</p></footer></body></html>`;
}

describe("a product's description stated in its meta description", () => {
  it('joins the content when the scorer passed over the block holding it', () => {
    const md = article(page(bullets[0] ?? ''));
    expect(md).toContain('rip-stop nylon fabric');
    expect(md).toContain('Large capacity');
  });

  it('adds nothing when the meta description is not on the page', () => {
    const md = article(
      page('Shop hiking backpacks, tents and sleeping bags for every trail and every season of the year.'),
    );
    expect(md).not.toContain('rip-stop nylon fabric');
  });

  it('keeps a Shopify theme block only its quick-add dialog hides (quick-add-hidden), whatever the meta description', () => {
    const meta =
      'Shop hiking backpacks, tents and sleeping bags for every trail and every season of the year.';
    const md = article(page(meta, '', 'product__description rte quick-add-hidden'));
    expect(md).toContain('rip-stop nylon fabric');
    expect(md).toContain('Large capacity');
  });

  it("joins the content when the JSON-LD Product's description states it and the meta description does not", () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: 'Pack 40L Hiking Backpack',
      description: bullets.map((b) => `<p>${b.replace(':', '&#58;')}</p>`).join('\n'),
      offers: { '@type': 'Offer', price: '39.99' },
    });
    const md = article(
      page(
        'The Pack 40L is the perfect follow-up to our best-selling day pack. 365-day returns!',
        `<script type="application/ld+json">${ld}</script>`,
      ),
    );
    expect(md).toContain('rip-stop nylon fabric');
    expect(md).toContain('Large capacity');
  });
});

/*
 * A game store's product page, modelled on WCXB's: the meta description is the summary under the
 * game's name at the top, and the long description below opens with the summary's first sentence
 * reworded further on, so the description's opening alone is found in the content.
 */
const summary =
  'Nine distinct classes provide a broad range of tactical abilities and personalities. Constantly updated with new game modes, maps, equipment and, most importantly, hats!';

const about = [
  'One of the most popular online action games of all time, Hat Fortress delivers constant free updates: new game modes, maps, equipment and, most importantly, hats.',
  'Nine distinct classes provide a broad range of tactical abilities and personalities, and lend themselves to a variety of player skills, whatever your style and experience.',
  'Detailed training and offline practice modes will help you hone your skills before jumping into one of the many game modes, including Capture the Flag, Control Point, Payload and Arena.',
];

const gamePage = (summary: string): string => `<!doctype html><html><head><title>Hat Fortress on Store</title>
  <meta property="og:type" content="product"><meta name="description" content="${summary}"></head><body>
  <header><nav><a href="/">Store</a> <a href="/games">Games</a></nav></header>
  <div class="page_content">
    <div class="top"><div class="glance"><div class="game_description_snippet">${summary}</div>
      <div class="user_reviews"><a href="#reviews">Very Positive (7,778)</a> <a href="#reviews">Very Positive (728,400)</a></div>
      <div class="dev_row">Developer: <a href="/dev/1">Valve</a> Publisher: <a href="/pub/1">Valve</a></div>
      <div class="popular_tags">${[
        'Free to Play',
        'Hero Shooter',
        'Multiplayer',
        'FPS',
        'Shooter',
        'Class-Based',
        'Team-Based',
        'Funny',
        'First-Person',
        'Action',
      ]
        .map((t) => `<a href="/tags/${t.length}">${t}</a>`)
        .join(' ')}</div></div></div>
    <div class="leftcol"><div id="game_area_description"><h2>About This Game</h2>
      ${about.map((p) => `<p>${p}</p>`).join('')}
    </div></div>
  </div>
  <footer><p>© Store</p></footer></body></html>`;

describe('a product summary whose opening the long description repeats', () => {
  it('joins the content: its opening alone does not show the content holds it', () => {
    const md = article(gamePage(summary));
    expect(md).toContain('Constantly updated with new game modes');
    expect(md).toContain('Capture the Flag');
  });

  it('joins the content when the long description holds the meta description but its last sentence', () => {
    const md = article(gamePage(`${about[0]} ${about[1]} Every class has taken on a life of its own.`));
    expect(md).toContain('taken on a life of its own');
    expect(md).toContain('Capture the Flag');
  });
});
