import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A product page behind a consent banner (consent-banners.ts), modelled on WCXB shop and marketplace
 * pages: the banner's paragraphs are the longest prose on the page, the product's own details are
 * short lines.
 */

const article = articleAt('https://shop.example/product/portman-p1-roadcase');

function page(banner: string, description = ''): string {
  return `<!doctype html><html><head><title>Portman P1 roadcase | Shop</title></head><body>
  <div class="top">${banner}<nav><a href="/">Home</a> <a href="/lighting">Lighting</a></nav></div>
  <div class="product"><h1>Portman Lights P1 Retro or EVO roadcase for 4 units</h1>
  ${description}<div class="sku">SKU POP1REEVLRC4</div><div class="price">$1,772.00</div>
  <div class="stock">Special order: expected availability 2-4 weeks</div>
  <ul class="features"><li>Holds four P1 Retro or EVO fixtures</li><li>Foam-lined compartments</li>
  <li>Recessed handles and butterfly latches</li></ul>
  <table class="specs"><tr><th>Exterior dimensions</th><td>84 x 62 x 48 cm</td></tr><tr><th>Weight</th><td>21 kg empty</td></tr>
  <tr><th>Shell</th><td>9 mm birch plywood, laminated</td></tr><tr><th>Casters</th><td>Four 100 mm, two with brakes</td></tr>
  <tr><th>Compatible fixtures</th><td>Portman P1 Retro, Portman P1 EVO</td></tr><tr><th>Warranty</th><td>2 years</td></tr>
  <tr><th>In the box</th><td>Roadcase, key set, foam inserts for four fixtures and their cables</td></tr></table>
  <div class="shipping-note">Ships from our New York warehouse once it arrives from the maker.</div></div>
  <footer><p>© Shop</p></footer></body></html>`;
}

describe('consent banners', () => {
  it('drops a region of consent prose with its answer buttons before scoring', () => {
    const md = article(
      page(`<section class="page-notice" role="region"><p>We use cookies and other technologies that are
      essential to provide you our services and site functionality. If you agree and click "Accept all",
      we will also allow third-party companies to store cookies on your device and use similar technologies
      to collect and use your personal data for advertising personalisation, measurement and analytics.</p>
      <p>Data processing purposes: store and/or access information on a device, personalised advertising.</p>
      <button>Accept all</button><button>Decline all</button></section>`),
    );
    expect(md).toContain('Holds four P1 Retro or EVO fixtures');
    expect(md).not.toContain('We use cookies');
  });

  it('keeps a region about cookies that offers nothing to answer', () => {
    const md = article(
      page(
        '',
        `<section class="recipe" role="region"><p>Our cookies are baked every morning with butter from the
      farm next door and chocolate we temper ourselves; the consent of our neighbours to the smell is assumed.</p></section>`,
      ),
    );
    expect(md).toContain('Our cookies are baked every morning');
  });
});
