import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A marketplace item page modelled on WCXB pages of an auction site: a consent banner's script has
 * hidden the rest of the page from screen readers (`<main aria-hidden="true">`), every visible text
 * has a visually hidden copy (class `clipped`), and the "Sponsored" label of the similar items is
 * spelt one letter per span between spans of random identifiers.
 */

const article = articleAt('https://market.example/itm/404928375058');

function page(main: string): string {
  return `<!doctype html><html><head><title>LuK clutch kit for Iveco Daily | Market</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/motors">Motors</a></nav>
  <section class="page-notice gdpr-banner" role="region"><p>We use cookies and other technologies that
  are essential to provide you our services. You may decline consent by clicking "Decline all".</p>
  <button>Accept all</button><button>Decline all</button></section></header>
  ${main}
  <footer><p>© Market</p></footer></body></html>`;
}

const item = `
  <div class="item"><h1><span aria-hidden="true"><span>LuK 628318200 clutch kit for Iveco Daily V 11-14</span></span><span class="clipped">LuK 628318200 clutch kit for Iveco Daily V 11-14</span></h1>
  <div class="item-price"><span class="textspans">EUR 355.58<span class="clipped">EUR 355.58</span></span></div>
  <div class="badge"><span class="a1">S</span><span class="b2">19aea247-2e76-4905-9b83-15a5a5664cfa</span><span class="a1">p</span><span class="b2">2e2c3720-cfa9-41e9-9571-b179b489e15f</span></div>
  <h2>About this item</h2>
  <p>Original LuK clutch kit with pressure plate, clutch disc and release bearing, new and boxed, for the
  Iveco Daily V built between 2011 and 2014 with the three litre engine. Fits vans and chassis cabs alike.</p>
  <p>International shipment of items may be subject to customs processing and additional charges, which
  the buyer pays on delivery; the seller ships within two working days of payment by tracked parcel.</p>
  <p>Seller assumes all responsibility for this listing. Item number: 404928375058.</p></div>
  <div class="similar"><h2>Similar items</h2><div class="label"><span class="a1">S</span><span class="b2">19aea247-2e76-4905-9b83-15a5a5664cfa</span><span class="a1">p</span><span class="b2">2e2c3720-cfa9-41e9-9571-b179b489e15f</span></div>
  <ul><li><a href="/itm/1">Sachs clutch kit for Iveco Daily</a> EUR 310.00</li><li><a href="/itm/2">Valeo clutch kit for Iveco Daily</a> EUR 298.00</li></ul></div>`;

describe('a page hidden behind a modal, visually hidden copies and decoy identifiers', () => {
  it('keeps a main region a modal hid from screen readers, without the copies and decoys', () => {
    const md = article(page(`<main role="presentation" aria-hidden="true">${item}</main>`));
    expect(md).toContain('Original LuK clutch kit with pressure plate');
    expect(md).not.toContain('We use cookies');
    expect(md.match(/LuK 628318200 clutch kit/g)).toHaveLength(1);
    expect(md.match(/EUR 355\.58/g)).toHaveLength(1);
    expect(md).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('still drops a hidden block that is not the main region', () => {
    const md = article(
      page(`<main>${item}</main><div aria-hidden="true"><p>Recently viewed: Bosch brake pads for Iveco
      Daily, Febi water pump for Iveco Daily, Mann oil filter for Iveco Daily and more.</p></div>`),
    );
    expect(md).toContain('Original LuK clutch kit with pressure plate');
    expect(md).not.toContain('Recently viewed');
  });

  it('keeps a clipped text that is not a copy, and identifiers inside prose', () => {
    const md = article(
      page(`<main>${item}<p>Quote the order reference <span>7f3a9c2e-1b4d-4e8f-9a6b-3c2d1e0f9a8b</span> in every
      message to the seller, and <span class="clipped">photographs of the old clutch</span> when you return it.</p></main>`),
    );
    expect(md).toContain('photographs of the old clutch');
    expect(md).toContain('7f3a9c2e-1b4d-4e8f-9a6b-3c2d1e0f9a8b');
  });

  it('drops a clipped text spelling out the link beside it for screen readers', () => {
    const md = article(
      page(
        `<main>${item.replace(
          '<h2>About this item</h2>',
          `<div><span>Coverage: read item description or contact seller for details. </span><a href="#COVERAGE"><span>See all details<span class="clipped">See all details on coverage</span></span></a></div>
          <h2>About this item</h2>`,
        )}</main>`,
      ),
    );
    expect(md).toContain('See all details');
    expect(md).not.toContain('on coverage');
  });
});

describe('dialogs shown over a product page on demand', () => {
  const shoe = (dialogs: string): string =>
    page(`<main><div class="product"><h1>Wool Runner</h1><div class="price">$98</div>
    <p>Our original everyday sneaker, made with soft and breathable merino wool that keeps you cool in summer and warm in winter.</p>
    <p>Machine washable, with a cushioned insole of castor bean oil and laces made of recycled bottles.</p>
    ${dialogs}</div></main>`);

  it('drops a modal dialog (aria-modal) and a full-viewport layer (fixed inset-0) the page renders closed', () => {
    const md = article(
      shoe(`<div v-if="isNotifyModalOpen" class="z-50 fixed inset-0 overflow-y-auto"><div class="relative bg-white">
      <h3>Notify me when back in stock</h3><p>Once limited edition colors sell out, they are gone for good. Sign up and we will let you know when they are here.</p>
      <form><input type="email"><button>Notify me</button></form></div></div>
      <div role="dialog" aria-modal="true" class="newsletter"><h3>Get 10% off your first order</h3><p>Join our list for early access to new colors, member-only offers and stories about the materials we use.</p></div>`),
    );
    expect(md).toContain('soft and breathable merino wool');
    expect(md).not.toContain('Notify me when back in stock');
    expect(md).not.toContain('Get 10% off');
  });

  it('keeps a full-viewport layer that holds the headline: the page itself', () => {
    const md = article(`<!doctype html><html><head><title>Wool Runner</title></head><body>
      <div class="fixed inset-0 overflow-y-auto"><h1>Wool Runner</h1>
      <p>Our original everyday sneaker, made with soft and breathable merino wool that keeps you cool in summer and warm in winter.</p></div></body></html>`);
    expect(md).toContain('soft and breathable merino wool');
  });
});
