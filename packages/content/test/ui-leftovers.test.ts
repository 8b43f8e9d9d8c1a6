import { describe, expect, it } from 'vitest';
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
});
