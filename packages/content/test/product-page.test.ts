import { describe, expect, it } from 'vitest';
import { dropSponsoredCards } from '../src/clutter/sponsored-cards';
import { bodyOf, innerText, parseHtml } from '../src/parse';
import { dropBuyControls, dropProductCards, dropShopMenus } from '../src/product/product-page';
import { articleAt } from './page';

/*
 * One product's page (product-page.ts), modelled on WCXB product pages (a guitar shop's and an
 * outdoor shop's): the product's description and specifications, then customer reviews in the
 * same column. Trimmed to the structure that matters.
 */

const article = articleAt('https://shop.example/p/trail-25');

const description = `
  <h1>Trail 25 Pack</h1>
  <p class="price">$99.95</p>
  <p>Keep your day's gear within easy reach in the Trail 25 pack. It is designed to fit a wide range
  of body types, and it has pockets galore for quick access to all your essentials on the trail.</p>
  <h2>Features</h2>
  <ul>
    <li>Ripstop nylon main body fabric has a durable water repellent finish made without PFAS</li>
    <li>Recycled oxford nylon bottom is highly abrasion resistant on rocky ground</li>
    <li>U-shape panel with two zipper sliders offers quick access to gear when fully open</li>
  </ul>
  <h2>Specifications</h2>
  <table><tr><th>Gear capacity</th><td>25 liters</td></tr><tr><th>Weight</th><td>1 lb. 13 oz.</td></tr></table>`;

function reviewBlock(attrs: string, review: string): string {
  return `
  <section ${attrs}>
    <h2>Customer feedback</h2>
    <div><h3>Great day pack</h3><p>${review}</p><p>Posted by hiker42, two months ago. Verified buyer.</p></div>
    <div><h3>Comfortable fit</h3><p>The shoulder straps stay comfortable on long days and the hip belt
    carries the weight well, although I wish the side pockets were a little deeper for big bottles.</p></div>
    <div><h3>Good value</h3><p>For the price this pack is hard to beat, it has held up to a full season
    of weekend hikes without a single torn seam or broken zipper so far, highly recommended.</p></div>
  </section>`;
}

const review =
  'I carried this pack on a dozen hikes this summer and it swallowed everything I needed for the day with room to spare.';

function page(head: string, reviews: string): string {
  return `<!doctype html><html><head><title>Trail 25 Pack | Shop</title>${head}</head><body>
  <header><nav><a href="/">Home</a> <a href="/packs">Packs</a></nav></header>
  <main><div class="product-detail">${description}${reviews}</div></main>
  <footer><p>© Shop</p></footer></body></html>`;
}

const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail 25 Pack","offers":{"@type":"Offer","price":"99.95"}}</script>`;

describe('product pages', () => {
  it('a page declaring one Product keeps description and specs and drops its reviews', () => {
    const md = article(page(jsonLd, reviewBlock('class="product-reviews"', review)));
    expect(md).toContain('pockets galore');
    expect(md).toContain('Recycled oxford nylon bottom');
    expect(md).toContain('25 liters');
    expect(md).not.toContain('swallowed everything');
    expect(md).not.toContain('Comfortable fit');
  });

  it('reviews are recognised by schema.org Review markup and by OpenGraph product pages', () => {
    const og = '<meta property="og:type" content="product">';
    const md = article(
      page(og, reviewBlock('itemprop="review" itemscope itemtype="https://schema.org/Review"', review)),
    );
    expect(md).toContain('pockets galore');
    expect(md).not.toContain('swallowed everything');
    const camel = article(page(jsonLd, reviewBlock('id="customerRatingsSection"', review)));
    expect(camel).toContain('25 liters');
    expect(camel).not.toContain('swallowed everything');
    // Named only by a data- attribute its script reads; a long one is a payload, not a name.
    const hooked = article(page(jsonLd, reviewBlock('data-hook="cr-review-list"', review)));
    expect(hooked).toContain('25 liters');
    expect(hooked).not.toContain('swallowed everything');
    const payload = `data-config='{"reviewsUrl":"/api/reviews?product=trail-25&page=1&sort=recent"}'`;
    expect(article(page(jsonLd, reviewBlock(payload, review)))).toContain('swallowed everything');
  });

  it('pages that do not declare one product keep such sections (a review article, a category page)', () => {
    expect(article(page('', reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
    const list = `${jsonLd.replace('"Product"', '"ItemList"')}`;
    expect(article(page(list, reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
    const two = `${jsonLd}${jsonLd.replace('Trail 25', 'Trail 40')}`;
    expect(article(page(two, reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
  });

  it('a page declaring nothing but offering one product to buy is a product page; one per item is a category', () => {
    const buyBox = `<form action="/cart/add" method="post"><input type="hidden" name="id" value="4411">
      <button type="submit" name="add">Ajouter au panier</button></form>`;
    const md = article(page('', buyBox + reviewBlock('class="product-reviews"', review)));
    expect(md).toContain('pockets galore');
    expect(md).not.toContain('swallowed everything');
    // A shop's SEO plugin may call every page an article.
    const og = '<meta property="og:type" content="article">';
    expect(article(page(og, buyBox + reviewBlock('class="product-reviews"', review)))).not.toContain(
      'swallowed everything',
    );
    const named = `<button type="submit" name="add-to-cart" value="4411">Add</button>`;
    expect(article(page('', named + reviewBlock('class="product-reviews"', review)))).not.toContain(
      'swallowed everything',
    );
    const perItem = '<button type="button">Add to cart</button>'.repeat(3);
    expect(article(page('', perItem + reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
  });

  it('a ProductGroup with its variants, and OpenGraph product types, declare one product', () => {
    const variant = (size: string): string =>
      `{"@type":"Product","name":"Trail 25 Pack ${size}","offers":{"@type":"Offer","price":"99.95"}}`;
    const group = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"ProductGroup","name":"Trail 25 Pack","hasVariant":[${variant('S')},${variant('M')},${variant('L')}]}</script>`;
    const md = article(page(group, reviewBlock('class="product-reviews"', review)));
    expect(md).toContain('25 liters');
    expect(md).not.toContain('swallowed everything');
    for (const type of ['product.item', 'shop_sharing:product']) {
      const og = `<meta property="og:type" content="${type}">`;
      const mdOg = article(page(og, reviewBlock('class="product-reviews"', review)));
      expect(mdOg).toContain('pockets galore');
      expect(mdOg).not.toContain('swallowed everything');
    }
    // OpenGraph's product.group is a group of products: a category page.
    const ogGroup = '<meta property="og:type" content="product.group">';
    expect(article(page(ogGroup, reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
    // Two groups are two products (a comparison page).
    const twoGroups = group + group.replace(/Trail 25/g, 'Trail 40');
    expect(article(page(twoGroups, reviewBlock('class="product-reviews"', review)))).toContain(
      'swallowed everything',
    );
  });

  it('words merely containing "review" or "rating" are not reviews', () => {
    const md = article(page(jsonLd, reviewBlock('class="preview-panel operating-notes"', review)));
    expect(md).toContain('swallowed everything');
  });

  it("keeps the editorial reviews a book's publisher quotes, and drops its customers' reviews", () => {
    const praise = `<div id="editorialReviews_feature_div"><h2>Editorial Reviews</h2><h3>Review</h3>
      <p>"A supremely practical guide to the trail: it distills what a day on the mountain takes, so you
      can pack less and walk further." -Mark Manson, best-selling author</p>
      <p>"The one book every weekend hiker should read before the season starts." -Trail Monthly</p></div>`;
    const md = article(page(jsonLd, praise + reviewBlock('class="product-reviews"', review)));
    expect(md).toContain('supremely practical guide');
    expect(md).not.toContain('swallowed everything');
  });

  it("drops the shop's shipping and returns terms, not a short shipping line of the buy box", () => {
    // An Etsy-like buy box: the shipping cost row stays (a product fact), the terms written out
    // beside every product go.
    const costLine = `<div class="x-shipping-row">Shipping: US $15.47 standard delivery</div>`;
    const terms = `<div class="shipping-and-returns">
      <h3>Delivery and return policies</h3>
      <ul><li>Order today to get by Mar 23-Apr 14. Your order should arrive by this date if you buy today.</li>
      <li>Returns and exchanges accepted within 30 days. Buyers are responsible for return shipping costs.
      If the item is not returned in its original condition, the buyer is responsible for any loss in value.</li></ul>
    </div>`;
    const delivery = `<div class="pdp-delivery"><h3>Livraison</h3><p>Express (9,90 €) samedi 7 mars. Rapide
      (5,90 €) lundi 9 mars. Point Relais offert dès 59 € d'achat, livraison en Point Relais partout en France.</p></div>`;
    const md = article(page(jsonLd, costLine + terms + delivery));
    expect(md).toContain('pockets galore');
    expect(md).toContain('US $15.47 standard delivery');
    expect(md).not.toContain('Buyers are responsible for return shipping costs');
    expect(md).not.toContain('Point Relais');
  });

  it("drops an untitled comparison with the range's other models, not one the page titles", () => {
    // A tool shop's page: under the product, a grid comparing it with the shop's other kits (each
    // column a picture, a name and a "More info" link, then rows of the same fields), the widget
    // every kit of the range shows. The same grid under a heading of its own is part of the pitch.
    const kits = ['Essential Kit', 'Go Kit', 'Trail 25 Pack', 'Business Kit']
      .map(
        (name, i) => `<div><img src="/k${i}.jpg" alt="${name}"><p>${name}</p>
        <a href="/products/kit-${i}"><button>More info</button></a></div>`,
      )
      .join('');
    const rows = ['Bit count', 'Driver material', 'Form factor', 'Device range']
      .map(
        (label) =>
          `<div>${label}</div><div>16</div><div>Polymer</div><div>Fabric tool roll</div><div>Laptops, consoles and drones</div>`,
      )
      .join('');
    const grid = (title: string) => `<section id="ComponentSectionProductComparison-3">${title}
      <div class="grid">${kits}${rows}</div></section>`;
    const untitled = article(page(jsonLd, grid('<div class="mx-auto"></div>')));
    expect(untitled).toContain('pockets galore');
    expect(untitled).not.toContain('Driver material');
    expect(untitled).not.toContain('Laptops, consoles and drones');
    const titled = article(page(jsonLd, grid('<h2>Which kit meets your needs?</h2>')));
    expect(titled).toContain('Driver material');
  });

  it("keeps the product's own block when its class names a shipping property (WooCommerce)", () => {
    // WooCommerce writes `shipping-taxable` on every product's wrapper: that wrapper is the product,
    // not a block of shipping terms.
    const care = `Every pack is sewn to order in our own workshop from recycled fabrics and takes about
      eight to fourteen days to leave us; the fabric is dyed without azo dyes and can be washed by hand.`;
    const html = `<!doctype html><html><head><title>Iris Dress | Shop</title>${jsonLd}</head><body>
      <header><nav><a href="/">Home</a> <a href="/dresses">Dresses</a></nav></header>
      <main><div class="product type-product instock shipping-taxable purchasable">${description}
      <p>Its back panel of breathable mesh keeps air moving on warm climbs, and the removable hip belt
      tucks away behind it when the pack rides as a light daypack around town or on the train.</p></div>
      <div class="product-tabs"><h2>Additional information</h2><p>${care}</p>
      <p>Each order ships in a recycled cardboard box without plastic fillers, and a repair kit of spare
      buckles, a cord lock and a patch of the same fabric travels with every pack at no extra cost.</p>
      <p>Made in a small family workshop that has cut and sewn outdoor gear in the same valley since 1978,
      now run by the founders’ grandchildren.</p></div></main>
      <footer><p>© Shop</p></footer></body></html>`;
    const md = article(html);
    expect(md).toContain('pockets galore');
    expect(md).toContain('Recycled oxford nylon bottom');
    expect(md).toContain('sewn to order');
    expect(md).not.toContain('[Dresses]');
  });

  it('a block repeated word for word (a layout for small screens beside the wide one) is kept once', () => {
    const blurb =
      'Make each cup of tea or coffee feel special with a handmade stoneware mug, wheel thrown with a matte speckled glaze.';
    const repeated = `
      <div class="product-detail">
        <h1>Speckle Mug</h1>
        <div class="desc-mobile"><p>${blurb}</p><p>Size: approx. 9.5 x 13 x 7 cm</p></div>
        <div class="gallery"><img src="/mug-1.jpg" alt="Mug"><img src="/mug-2.jpg" alt="Mug side"></div>
        <div class="desc-desktop"><p>${blurb}</p><p>Size: approx. 9.5 x 13 x 7 cm</p></div>
        <h2>Care</h2>
        <p>Suitable for dishwashers and microwave ovens. Avoid thermal shock from rapid changes of temperature.</p>
        <ul><li>Add to cart</li></ul><ul><li>Add to cart</li></ul>
      </div>`;
    const html = (head: string): string =>
      `<!doctype html><html><head><title>Speckle Mug</title>${head}</head><body><main>${repeated}</main></body></html>`;
    const md = article(html(jsonLd));
    expect(md.split('wheel thrown with a matte').length - 1).toBe(1);
    expect(md).toContain('thermal shock');
    // Not a product page: left as it is.
    expect(article(html('')).split('wheel thrown with a matte').length - 1).toBe(2);
  });

  it("drops rails of other products' cards, but keeps a category page's one grid of items", () => {
    const card = (name: string, price: string): string =>
      `<li class="card"><a href="/p/${name.toLowerCase().replace(/ /g, '-')}"><img src="/img/${price}.jpg" alt=""><h3>${name}</h3></a><span>$${price}</span></li>`;
    const rail = (title: string, names: string[]): string =>
      `<section class="recs"><h2>${title}</h2><ul>${names.map((n, i) => card(n, `${40 + i}.00`)).join('')}</ul></section>`;
    const rails =
      rail('Similar items', ['Summit 30 Pack', 'Ridge 22 Daypack', 'Canyon 28 Pack', 'Alpine 18 Sling']) +
      rail('Customers also viewed', ['Trail Bottle 1L', 'Camp Mug Steel', 'Trekking Poles', 'Rain Cover M']);
    const content = bodyOf(parseHtml(`<body>${description}${rails}</body>`));
    dropProductCards(content);
    const text = innerText(content);
    expect(text).toContain('pockets galore');
    expect(text).toContain('25 liters');
    expect(text).not.toContain('Ridge 22 Daypack');
    expect(text).not.toContain('Trekking Poles');
    expect(text).not.toContain('Customers also viewed');
    // One grid holding most of the content is the page's own items (a category page calling
    // itself a product).
    const names = [
      'Summit 30 Pack',
      'Ridge 22 Daypack',
      'Canyon 28 Pack',
      'Alpine 18 Sling',
      'Scout 12 Pack',
    ];
    const grid = `<h1>Day packs</h1><p>Packs for a day on the trail.</p><ul class="grid">${names
      .map((n, i) => card(`${n} with padded straps and a hydration sleeve`, `${60 + i}.00`))
      .join('')}</ul>`;
    const category = bodyOf(parseHtml(`<body>${grid}</body>`));
    dropProductCards(category);
    expect(innerText(category)).toContain('Scout 12 Pack');
  });

  it('drops the buy box (price, variant swatches, quantity, stock) but keeps a grid of items their prices', () => {
    const buyBox = `<div class="product-form">
      <div class="product__price"><span>$99.95</span> <span>or 4 interest-free payments of $24.99</span></div>
      <fieldset class="variant-picker"><legend>Color</legend>
        <label class="swatch">Basin Blue</label><label class="swatch">Canyon Clay</label><label class="swatch">Moss Green</label></fieldset>
      <div class="quantitySelector"><label>Quantity</label><input type="number" value="1"></div>
      <p class="stock-notice">Only 3 left in stock, order soon</p>
      <div class="product-cart-col"><p>Arrives by Friday when ordered today</p></div>
      <span><input type="checkbox" id="wishlist-2107" aria-label="Wishlist"><label for="wishlist-2107" class="wishlist-icon"><span>Merkliste</span></label></span>
      <ul class="usps"><li>Free delivery over $75</li><li>Earn 100 reward points</li></ul></div>
      <div class="promo-banner">Members save 20% this weekend</div>
      <p class="order-countdown">Order within 3 hours to have it shipped tomorrow</p>
      <div class="default_default-recently-viewed__r4FTq"><h2>Recently viewed</h2></div>
      <div class="css-1wolpeh"><p class="chakra-text recommendations-title-lable">Vous aimerez aussi</p></div>`;
    const content = bodyOf(parseHtml(`<body>${buyBox}${description}</body>`));
    dropBuyControls(content);
    const text = innerText(content);
    expect(text).toContain('pockets galore');
    expect(text).toContain('25 liters');
    expect(text).not.toContain('$24.99');
    expect(text).not.toContain('Canyon Clay');
    expect(text).not.toContain('Quantity');
    expect(text).not.toContain('Only 3 left');
    expect(text).not.toContain('Arrives by Friday');
    expect(text).not.toContain('reward points');
    expect(text).not.toContain('Members save');
    expect(text).not.toContain('shipped tomorrow');
    expect(text).not.toContain('Recently viewed');
    expect(text).not.toContain('Merkliste');
    expect(text).not.toContain('Vous aimerez aussi');
    // Prices named three times or more, or inside list items, are a grid's items.
    const tile = (name: string, price: string): string =>
      `<div class="tile"><h3>${name}, a pack with padded straps and a hydration sleeve for long days out</h3><p class="price">$${price}</p></div>`;
    const tiles = bodyOf(
      parseHtml(
        `<body>${tile('Summit 30', '120.00')}${tile('Ridge 22', '89.00')}${tile('Canyon 28', '110.00')}</body>`,
      ),
    );
    dropBuyControls(tiles);
    expect(innerText(tiles)).toContain('$89.00');
    const items = bodyOf(
      parseHtml(
        `<body><ul><li>${tile('Summit 30', '120.00')}</li></ul><p>${'Packs for a day on the trail. '.repeat(8)}</p></body>`,
      ),
    );
    dropBuyControls(items);
    expect(innerText(items)).toContain('$120.00');
  });

  it("keeps the product's description set inside the column its class names an offer", () => {
    const column = `<div class="offer-holder offer-holder-sticky-navbar">
      <a href="/brands/summit/" class="brand-label">SUMMIT</a> <a href="#reviews">0 reviews</a>
      <h1>Men's Down Hoodie</h1>
      <div class="product-price"><span class="price">$229.00</span> <span>Excl. tax</span> <span>In stock (1)</span></div>
      <div class="product-description"><p>Engineered as a weather-resistant, lightweight and packable insulation layer for
      climbers, the warm-even-when-wet down hoodie has become a favourite for daily, year-round use in the mountains and in town,
      and it packs into its own chest pocket.</p></div></div>`;
    const content = bodyOf(parseHtml(`<body>${column}${description}</body>`));
    dropBuyControls(content);
    const text = innerText(content);
    expect(text).toContain('warm-even-when-wet');
    expect(text).toContain('pockets galore');
    expect(text).not.toContain('Excl. tax');
  });

  it("drops a rail of other products' cards whose picture links the cleaning would strip (WooCommerce)", () => {
    const card = (name: string, i: number): string =>
      `<li class="product type-product"><div class="product-wrap"><a href="/product/${i}/" aria-label="${name}"><img width="300" height="167" src="/img/${i}.jpg" alt="${name}"><img width="300" height="167" src="/img/${i}-b.jpg" class="hover-gallery-image" alt="${name} worn"></a><div class="product-add-to-cart"><a href="/product/${i}/" data-quantity="1" class="button product_type_variable add_to_cart_button" aria-label="Select options for ${name}" rel="nofollow">Select options</a><span class="screen-reader-text">This product has multiple variants. The options may be chosen on the product page</span></div></div><h2 class="woocommerce-loop-product__title">${name}</h2><span class="price"><bdi>119,90€</bdi></span></li>`;
    const names = ['Volcan Strap Sandals', 'Uluwatu Sandals', 'Zero Strap Sandals', 'Uluwatu Strap Sandals'];
    const md =
      article(`<!doctype html><html><head><title>Zero Sandals</title><meta property="og:type" content="product"></head><body>
      <header><nav><a href="/">Home</a> <a href="/sandals">Sandals</a></nav></header>
      <main><div class="product type-product"><h1>Zero Sandals</h1><p class="price">99,90€</p>
      <div class="summary"><p>Our thinnest sandals for running, hiking and everyday walks: 5 mm of sole between you and the ground, nothing more, and a footbed of soft vegetable-tanned leather.</p>
      <form class="cart" action="/product/zero/"><button type="submit" name="add-to-cart">Add to cart</button></form></div>
      <div class="woocommerce-tabs"><h2>Description</h2>
      <p>The Zero sandals are our thinnest minimalist sandals: a 5 mm Vibram sole that lets your feet feel the ground, with a soft leather footbed that shapes itself to your foot after a few days of wear.</p>
      <p>The laces are made of a strong polyester cord and adjust in seconds, so the sandals stay put on a run, a hike or a long day in the city without rubbing between your toes.</p>
      <p>Every pair is made by hand in our workshop in Valencia from vegetable-tanned leather and recycled rubber, and we resole worn sandals for free during the first two years.</p>
      <p>Choose your usual shoe size; if you are between sizes, pick the larger one, since the footbed settles a few millimetres over the first weeks of wear.</p>
      <h2>Additional information</h2><table><tr><th>Size</th><td>36, 37, 38, 39, 40, 41, 42, 43, 44, 45</td></tr></table></div>
      <section class="up-sells upsells products"><h2>You may also like…</h2><ul class="products columns-4">${names.map(card).join('')}</ul></section>
      </div></main><footer><p>© Sandal Co.</p></footer></body></html>`);
    expect(md).toContain('thinnest minimalist sandals');
    expect(md).toContain('36, 37, 38');
    expect(md).not.toContain('Uluwatu');
    expect(md).not.toContain('You may also like');
  });

  it("drops a rail's heading with the rail when only a carousel's buttons are left beside it", () => {
    const card = (name: string, i: number): string =>
      `<li><a href="/p/${i}"><img src="/img/${i}.jpg" alt=""><h3>${name}</h3></a><span>€${40 + i}.95</span></li>`;
    const rail = (title: string, names: string[]): string =>
      `<section><div><h2>${title}</h2><a href="/reco/${names.length}">See more</a></div>
      <button type="button">Skip forwards over the carousel of products</button>
      <ul>${names.map(card).join('')}</ul>
      <button type="button">Skip backwards over the carousel of products</button></section>`;
    const content = bodyOf(
      parseHtml(
        `<body>${description}${rail('Variations of this style How about these?', ['Slim Jeans Blue', 'Slim Jeans Black', 'Straight Jeans Grey'])}${rail('Better together Often viewed with each other', ['Canvas Belt', 'Cotton Tee', 'Denim Jacket'])}</body>`,
      ),
    );
    dropProductCards(content);
    const text = innerText(content);
    expect(text).toContain('pockets galore');
    expect(text).not.toContain('Canvas Belt');
    expect(text).not.toContain('Variations of this style');
    expect(text).not.toContain('Better together');
  });

  it("drops the shop's menus left in a product's content, not the product's lists with a link or two", () => {
    const menu = [
      'Photography',
      'Computers',
      'Pro Video',
      'Lighting',
      'Pro Audio',
      'Drones',
      'Used',
      'Specials',
    ]
      .map((d) => `<li><a href="/c/browse/${d.toLowerCase().replace(/ /g, '-')}">${d}</a></li>`)
      .join('');
    const content = bodyOf(
      parseHtml(`<body><div class="header"><p>The Professional's Source Since 1973</p><ul>${menu}</ul></div>
      ${description}
      <h2>In the box</h2><ul><li>Trail 25 Pack</li><li>Rain cover, see <a href="/p/rain-cover-m">Rain Cover M</a></li>
      <li>Hydration sleeve</li><li>Repair kit</li><li>Owner's manual</li></ul></body>`),
    );
    dropShopMenus(content);
    const text = innerText(content);
    expect(text).toContain('pockets galore');
    expect(text).toContain('Hydration sleeve');
    expect(text).toContain('Rain Cover M');
    expect(text).not.toContain('Pro Audio');
    expect(text).not.toContain('Drones');
  });

  it('drops the cards its markup names sponsored, not a sponsored item of a list', () => {
    const banner = (n: number): string => `<div class="_1g9a0th1" data-enzyme-id="Product-Banner-Container">
      <img src="/im/chair-${n}.jpg" alt="Sharann Executive Chair"><p>Sharann Executive Chair</p>
      <span>$659.99</span> <s>$761.98</s>
      <p data-test-id="productBannerSponsoredText">Gesponsert</p></div>`;
    const md = article(
      page('', `<div class="_6o3atz1bd">${banner(1)}</div><div class="_6o3atz1bd">${banner(2)}</div>`),
    );
    expect(md).toContain('pockets galore');
    expect(md).toContain('25 liters');
    expect(md).not.toContain('Sharann');
    expect(md).not.toContain('Gesponsert');

    const listing = bodyOf(
      parseHtml(
        `<body><ul>${['Cloud costs', 'Edge servers', 'Sovereign clouds']
          .map(
            (t) =>
              `<li><h3><a href="/news/${t.length}">${t} in 2025</a></h3><p class="sponsored-label">Sponsored by Wind River</p></li>`,
          )
          .join('')}</ul>${description}</body>`,
      ),
    );
    dropSponsoredCards(listing);
    expect(innerText(listing)).toContain('Edge servers in 2025');
  });
});
