import { describe, expect, it } from 'vitest';
import { dropUiLeftovers } from '../src/clutter/ui-leftovers';
import { bodyOf, innerText, parseHtml } from '../src/parse';
import { articleAt } from './page';

/*
 * What menus and scripts leave in the chosen content (ui-leftovers.ts), modelled on WCXB pages of an
 * auction site's item and a parts catalogue: a "Quick Links" navigation block closing the item's
 * region, and links going nowhere that a script turns into buttons.
 */

const article = articleAt('https://auction.example/itm/296607459180');

const item = `
  <h1>Catena DID 520ers3 Con 104 Oro per Moto Ricambi</h1>
  <p>Gold-plated 520 pitch chain with 104 links, X-ring sealed for road and track use. Supplied with a
  rivet link; fits most 600 cc to 1000 cc sport bikes with a 520 conversion kit fitted.</p>
  <p>The seller ships from Italy within two working days. International shipment of items may be subject
  to customs processing and additional charges, which the buyer pays on delivery.</p>
  <div class="labels-values"><span>Condition:</span> <span>not specified</span></div>
  <div class="labels-values"><span>Delivery:</span> <span>Varies</span></div>`;

function page(extra: string): string {
  return `<!doctype html><html><head><title>Catena DID 520ers3 | Auction</title></head><body>
  <header><a href="/">Auction</a></header>
  <div id="mainContent"><div class="vi-item">${item}${extra}</div></div>
  <footer><p>Copyright 1995-2024 Auction Inc.</p></footer></body></html>`;
}

describe('navigation and script controls left in the content', () => {
  it('drops a navigation block closing the content', () => {
    const md = article(
      page(`<div class="pagenavigation" role="navigation" aria-label="Quick Links">
        <a href="https://auction.example/">Back to home page</a></div>`),
    );
    expect(md).toContain('Gold-plated 520 pitch chain');
    expect(md).toContain('not specified');
    expect(md).not.toContain('Back to home page');
  });

  it('drops a link going nowhere that is its block, and keeps a heading drawn as one', () => {
    const md = article(
      page(`<p>Pitch 520, 104 links, X-ring seal, gold finish. <span><a href="#">Add to Part List</a></span></p>
        <p><a href="javascript:void(0)">Click to see full view</a></p>
        <h3><a href="#">Rivet link tool</a></h3>
        <p>A press for the rivet link, sold separately; <a href="#">see sizes</a> for the pitch it takes.</p>`),
    );
    expect(md).not.toContain('Add to Part List');
    expect(md).not.toContain('Click to see full view');
    expect(md).toContain('Rivet link tool');
    expect(md).toContain('see sizes');
  });

  it("keeps paragraphs drawn as a link going nowhere: a block, not a control's label", () => {
    const content = bodyOf(
      parseHtml(
        '<body><div><a href="javascript:"><p>abc</p><p>def</p> ghi</a></div><p><a href="#">Add</a></p></body>',
      ),
    );
    dropUiLeftovers(content);
    expect(innerText(content)).toContain('abc');
    expect(innerText(content)).toContain('ghi');
    expect(innerText(content)).not.toContain('Add');
  });

  it("drops a shop's tab labels, and keeps a tab list wrapping its panels", () => {
    const shop = articleAt('https://sandals.example/product/zero/');
    const panel = (id: string, title: string, body: string): string =>
      `<div class="woocommerce-Tabs-panel panel wc-tab" id="tab-${id}" role="tabpanel">
        <h2>${title}</h2>${body}</div>`;
    const description = `<p>The sandal of those who design their destiny: a full Vibram footbed, a protected
      elastic cord and a rock connector, made by hand in our workshop in Valencia.</p>
      <p>Each pair is water resistant and easy to clean with soap and water after a day at sea.</p>`;
    const info =
      '<table><tr><th>Weight</th><td>180 g</td></tr><tr><th>Sizes</th><td>36 to 46</td></tr></table>';
    const html = (tabs: string): string => `<!doctype html><html><head><title>Zero | Sandals</title>
      <meta property="og:type" content="product"></head><body><main><div class="product">
      <h1>Nörd Zero</h1>
      <p>Minimalist sandal with a Vibram sole, for city, mountains and sea, in eight colours.</p>
      ${tabs}</div></main></body></html>`;
    const labels = `<ul class="tabs wc-tabs" role="tablist">
      <li role="presentation"><a href="#tab-description" role="tab">Specifics</a></li>
      <li role="presentation"><a href="#tab-additional" role="tab">Extra information</a></li></ul>`;
    const md = shop(
      html(`<div class="woocommerce-tabs">${labels}
        ${panel('description', 'Description', description)}${panel('additional', 'Additional information', info)}</div>`),
    );
    expect(md).toContain('full Vibram footbed');
    expect(md).toContain('## Additional information');
    expect(md).not.toContain('Specifics');
    expect(md).not.toContain('Extra information');

    const wrapping = shop(
      html(`<div role="tablist">${panel('description', 'Specifics', description)}</div>`),
    );
    expect(wrapping).toContain('Specifics');
    expect(wrapping).toContain('full Vibram footbed');
  });

  it("drops a script's short announcement to screen readers, and keeps a live feed of updates", () => {
    const md = article(
      page(`<div class="gallery"><img src="/img/chain-1.jpg" alt="Chain on the rear sprocket">
        <span class="gallery-status" aria-live="polite" aria-atomic="true">image 1 of 11</span>
        <span role="status">Added to your basket</span></div>
        <div aria-live="polite"><p>Update: the seller has restocked the 120-link version of this chain,
        which ships from the same warehouse in two working days.</p></div>`),
    );
    expect(md).toContain('Gold-plated 520 pitch chain');
    expect(md).not.toContain('image 1 of 11');
    expect(md).not.toContain('Added to your basket');
    expect(md).toContain('restocked the 120-link version');
  });

  it('drops a loading placeholder its script fills, not text or a heading its class names so', () => {
    const md = article(
      page(`<div class="customer-thumbs"><div class="loader"><i class="fa fa-spinner fa-spin"></i>LOADING...</div></div>
        <h2 class="loading-heading">Loading and fitting the chain</h2>
        <p class="placeholder-note">Fit the rivet link with a press; never reuse an old one.</p>
        <div class="trending"><p class="bp-LoadingSpinner__text">Caricamento...</p></div>`),
    );
    expect(md).not.toContain('LOADING...');
    expect(md).not.toContain('Caricamento');
    expect(md).toContain('Loading and fitting the chain');
    expect(md).toContain('never reuse an old one');
  });
});
