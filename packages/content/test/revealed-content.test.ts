import { describe, expect, it } from 'vitest';
import { md } from './page';

/*
 * A page whose main content ships hidden and is revealed by script (revealed-content.ts), modelled
 * on WCXB storefront pages (a lock-screen app wrapping the whole product section in
 * `style="display:none"`). Trimmed to the structure that matters.
 */

const article = (html: string): string =>
  md(html, { url: 'https://shop.example/products/dark-roast', mode: 'article' });

const prose = `
  <h1>Dark Roast Coffee</h1>
  <p>Meet the yin to your yang. While you grit your teeth through the daily grind, know this bold and
  delicious dark roast brew will have your back all day long, cup after cup.</p>
  <p>Certified Fair Trade and Organic, our balanced blend of arabica beans for smooth flavor and robusta
  for natural strength will kick the midday crash to the curb, whatever your day has in store.</p>
  <p>Join the Society of Strong Coffee to save on your first shipment and on future deliveries, with free
  shipping on all subscription orders and early access to upcoming releases.</p>`;

function page(main: string): string {
  return `<!doctype html><html><head><title>Dark Roast | Shop</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/coffee">Coffee</a> <a href="/gear">Gear</a></nav></header>
  <div class="newsletter"><p>Sign up for our emails and get ten percent off your first order.</p></div>
  ${main}
  <div class="cart-drawer" style="display:none"><p>Your cart is empty.</p></div>
  <footer><p>© Shop. All rights reserved.</p></footer></body></html>`;
}

describe('content hidden until a script reveals it', () => {
  it('shows a hidden element holding most of the page prose', () => {
    const md = article(
      page(`<div class="lockdown-content" style="display:none;"><main>${prose}</main></div>`),
    );
    expect(md).toContain('Meet the yin to your yang');
    expect(md).toContain('Society of Strong Coffee');
    expect(md).not.toContain('Your cart is empty');
  });

  it('leaves hidden a block holding a small share of the prose (a dialog, a drawer)', () => {
    const md = article(
      page(`<main>${prose}</main><div class="size-guide" style="display: none"><p>Our size guide lists chest,
      waist and hip measurements for every size we make.</p></div>`),
    );
    expect(md).toContain('Meet the yin to your yang');
    expect(md).not.toContain('size guide lists');
  });

  it("drops blocks a framework's utility class hides at every width, not those shown from some width on", () => {
    const hiddenList = `<dl class="productView-info hide"><dt>retail_price_tier1:</dt><dd>$20.00_1-9 items</dd></dl>`;
    const wide = `<div class="hidden md:block"><p>Free returns within thirty days of delivery, no questions asked.</p></div>`;
    const atMedium = `<div class="hide show@medium"><p>Roasted every Monday in small batches at our own roastery.</p></div>`;
    const md = article(page(`<main>${prose}${hiddenList}${wide}${atMedium}</main>`));
    expect(md).toContain('Meet the yin to your yang');
    expect(md).not.toContain('retail_price_tier1');
    expect(md).toContain('Free returns within thirty days');
    expect(md).toContain('Roasted every Monday');
  });

  it("drops blocks a design system's namespaced hiding class hides (`a-hidden`, `u-hidden`), not a word ending so", () => {
    const teaser = `<div class="a-teaser-describedby-collapsed a-hidden">Brief content visible, double tap to read full content.</div>`;
    const label = `<div class="u-hidden"><span>Toggle the roast notes</span></div>`;
    const lens = `<div class="tab-hidden-gems"><p>Hidden gems: our single origins, released four times a year.</p></div>`;
    // Hidden on medium screens only: shown on every other.
    const wide = `<div class="md-hidden"><p>Free shipping on every bag of beans over two pounds, every day.</p></div>`;
    const md = article(page(`<main>${prose}${teaser}${label}${lens}${wide}</main>`));
    expect(md).toContain('Meet the yin to your yang');
    expect(md).not.toContain('double tap');
    expect(md).not.toContain('Toggle the roast notes');
    expect(md).toContain('Hidden gems');
    expect(md).toContain('Free shipping on every bag');
  });

  it('leaves hidden a long list of names and values kept for scripts, with no paragraph in it', () => {
    // A storefront theme's custom fields: price tiers and one image URL per colour, in a `hide`d
    // list longer than the product's visible description.
    const colours = [
      'Bone',
      'Mushroom',
      'Powder',
      'Atlantic',
      'Chestnut',
      'Ecru',
      'Pistachio',
      'Camel',
      'Navy',
    ];
    const fields = colours
      .map(
        (c) => `<dt>cat_thumb_${c}:</dt>
        <dd>https://cdn.shop.example/images/stencil/160x160/uploaded_images/5001/5001_STAPLE_TEE_${c.toUpperCase()}_THUMB.jpg</dd>`,
      )
      .join('');
    const md = article(
      page(`<main><h1>Staple Tee</h1><p>$20.00</p><p>Enduring comfort in a regular fit, crafted from
      100% combed cotton.</p><dl class="productView-info hide"><dt>retail_price_tier1:</dt>
      <dd>$20.00_1-9 items</dd>${fields}</dl></main>`),
    );
    expect(md).toContain('Enduring comfort in a regular fit');
    expect(md).not.toContain('cat_thumb_Bone');
    expect(md).not.toContain('retail_price_tier1');
  });

  it('judges the share against the prose a reader would see, not other hidden blocks', () => {
    // A deferred product block beside a hidden store-locator dialog with prose of its own: the
    // dialog stays hidden either way, so it does not count against the block.
    const dialog = `<div class="store-dialog" style="display:none"><p>Find a store near you. Enter your postcode
      to see opening hours, stock levels and click-and-collect times for every shop within fifty miles,
      with directions, parking information and accessibility notes for each location we operate, and
      the phone numbers of their coffee counters for large orders and events.</p></div>`;
    const md = article(
      page(`${dialog}<div class="defer-block" style="display: none"><main>${prose}</main></div>`),
    );
    expect(md).toContain('Meet the yin to your yang');
    expect(md).toContain('Society of Strong Coffee');
    expect(md).not.toContain('Find a store near you');
  });

  it('shows a whole page hidden by a class until its script runs', () => {
    const md = article(page(`<div class="root hide"><main>${prose}</main></div>`));
    expect(md).toContain('Society of Strong Coffee');
  });
});
