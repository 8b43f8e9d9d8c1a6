import { describe, expect, it } from 'vitest';
import { articleAt } from './page';
import { expectPhrases } from './phrases';

/*
 * Category pages (WCXB collection pages) in article mode: what the page shows in its main region
 * stays, the shop's chrome goes. Fixtures are trimmed to the shape of real shop pages.
 */

const article = articleAt('https://shop.example/browse/shoes/mens/sneakers');

const rewardsTerms = `<p><strong>When you reach 300 Rewards Points, you will automatically receive $20 in Rewards Dollars.</strong></p>
  <p>Your Rewards Points and Rewards Dollars will appear in your account within 72 hours, at which point they can be used towards a future purchase.</p>
  <p>If items are returned, the Rewards Points earned for those items will be deducted from your total Rewards Points. This could result in a negative Rewards Points balance. However, you get to keep any Rewards Dollars earned on returned purchases.</p>
  <p>Rewards Points expire after two years.</p>`;

describe('collection pages in article mode', () => {
  it("keeps the main region's copy over a rewards drawer in the footer", () => {
    // The category copy's class names it a footer of the page template ("seo footer copy"), so
    // the strict pass strips it; the longest text left is the rewards terms in the page footer.
    const html = `<!doctype html><html><head><title>Men's Casual Sneakers</title></head><body>
    <div id="wrapper"><header><nav><a href="/">Home</a> <a href="/shoes">Shoes</a> <a href="/sale">Sale</a></nav></header>
    <main><div id="content"><h1>Shop Men's Casual Sneakers</h1>
      <div class="field-seofootercopy">
        <p>Men's casual sneakers should be more than just a relaxed choice, they should carry the same hallmarks of quality and craftsmanship found in your dress shoes. We design casual sneakers that honor a heritage of shoemaking.</p>
        <p>Our collection of casual sneakers for men blends sleek profiles with thoughtful details, from hand-finished leather uppers to lightweight, flexible soles. The result is footwear that delivers all-day comfort.</p>
        <p>Each pair reflects a legacy of shoes made to last, evolve with age, and embody timeless appeal, an investment in footwear that brings together ease and refinement.</p>
      </div></div></main>
    <footer><div id="footer"><ul><li><a href="/help">Help</a></li><li><a href="/stores">Stores</a></li></ul>
      <div class="sidesheet-component"><div class="sidesheet-modal"><div class="sidesheet-modal-content">${rewardsTerms}</div></div></div>
    </div></footer></div></body></html>`;
    expectPhrases(
      article(html),
      [
        "Men's casual sneakers should be more than just a relaxed choice",
        'Our collection of casual sneakers for men blends sleek profiles with thoughtful details',
      ],
      ['Rewards Points expire after two years', 'you will automatically receive $20 in Rewards Dollars'],
    );
  });

  it('an article whose layout wraps it in a <header> section keeps it', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the guide compares the plans that insurers offer, their networks, premiums and the claims experience their members report, with figures for the year.</p>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Top insurers</title></head><body>
    <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
    <header class="section_blog-post-content"><div class="container"><h1>Top insurers</h1>${paragraphs}</div></header>
    <footer><p>© Insurer guide</p></footer></body></html>`;
    expectPhrases(article(html), ['Paragraph 1 of the guide', 'Paragraph 6 of the guide'], ['Insurer guide']);
  });

  it('keeps a small product grid in the main region over a promotion bar its class hides', () => {
    const promos = [
      'Free standard shipping on orders $40 or more. For more information on shipping rates and timelines, please visit our international page.',
      'Free standard shipping on orders $60 CAD or more. For more information on shipping rates and timelines, please visit our international page.',
      'Free standard shipping on orders 65 EUR or more. For more information on shipping rates and timelines, please visit our international page.',
    ]
      .map(
        (t) =>
          `<p class="promo-bar__message">${t.replace('international page', '<a href="/pages/international">international page</a>')}</p>`,
      )
      .join('');
    const products = [
      ['Balm Dotcom Trio', 'Original formula', '€49,95'],
      ['The Super Pack', 'All three serums', '€104,95'],
      ['The Dewy Look', 'Cloud Paint + Futuredew', '€51,95'],
      ['Sip + Smile Duo', 'Lip balm and gloss', '€35,95'],
    ]
      .map(
        ([name, line, price]) =>
          `<li class="collection__item"><article class="product-item"><a href="/products/${name}"><img src="/img/${name}.png" alt="${name}"></a><h3 class="product-item__title"><a href="/products/${name}">${name}</a></h3><p>${line}</p><span class="price">Sale price: ${price}</span></article></li>`,
      )
      .join('');
    const menu = ['Skincare', 'Makeup', 'Body', 'Fragrance', 'Sets', 'Tools', 'Lip', 'Eye', 'Cheek', 'Balms']
      .map(
        (c) =>
          `<li><a href="/collections/${c}">${c}</a><ul><li><a href="/collections/${c}/new">New in ${c}</a></li><li><a href="/collections/${c}/best">Best sellers in ${c}</a></li><li><a href="/collections/${c}/all">All ${c}</a></li></ul></li>`,
      )
      .join('');
    const html = `<!doctype html><html><head><title>Skincare Sets</title></head><body>
    <div class="promo-bar hide"><div class="promo-bar__carousel">${promos}</div></div>
    <header><nav><ul>${menu}</ul></nav></header>
    <main class="page-wrap"><section class="collection"><h1>Skincare Sets</h1><p>4 items</p>
      <ul class="collection__list">${products}</ul></section></main>
    <footer><p>At our shop, we make products inspired by real life. Skin first, makeup second.</p></footer>
    </body></html>`;
    expectPhrases(
      article(html),
      ['Balm Dotcom Trio', 'Original formula', 'Sale price: €104,95', 'Sip + Smile Duo'],
      ['Free standard shipping on orders', 'please visit our international page'],
    );
  });

  it('keeps the product grid its pagination wrapper would strip by class name', () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<article class="product-card" role="listitem"><a href="/products/tee-${i}"><img src="/img/tee-${i}.jpg" alt=""></a><h3><a href="/products/tee-${i}">Seamless T-Shirt ${i + 1}</a></h3><p>slim fit</p><p>Black / Grey</p><span>$${30 + i}</span></article>`,
    ).join('');
    const seo = Array.from(
      { length: 3 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the buying guide: the best gym tops let you focus on your training, combining shape-enhancing designs with functional, breathable materials for every workout.</p>`,
    ).join('');
    const html = `<!doctype html><html><head><title>T-Shirts &amp; Tops</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/women">Women</a> <a href="/men">Men</a></nav></header>
    <main><h1>T-Shirts &amp; Tops</h1><p>400 Products</p>
      <div class="collection-page"><div class="pagination_pagination"><div class="product-grid" role="list">${cards}</div>
      <a href="?page=2">Load more</a></div></div>
      ${seo}</main>
    <footer><p>© Gym wear</p></footer></body></html>`;
    expectPhrases(
      article(html),
      [
        'Seamless T-Shirt 1 slim fit Black / Grey $30',
        'Seamless T-Shirt 12',
        'Paragraph 1 of the buying guide',
      ],
      ['© Gym wear'],
    );
  });

  it('joins a product grid above the buying guide the scorer chose, in page order', () => {
    // The grid holds about twice the guide's text: enough for a grid before the content (1.5x),
    // not for one after it (2.5x, a related-items rail). The merge of the guide's siblings moves
    // it out of the page, so which comes first is told before it.
    const cards = Array.from(
      { length: 14 },
      (_, i) =>
        `<li class="ajax_block_product"><div class="product-container"><a href="/barbecue-${i}.html"><img src="/img/${i}.jpg" alt=""></a><h5><a href="/barbecue-${i}.html">Barbecue charbon Kamado modèle ${i + 1}</a></h5><span class="price">${399 + i},00 €</span><span>En stock, livraison offerte sous 48 heures</span></div></li>`,
    ).join('');
    const guide = [
      'Le barbecue charbon reste le choix de nombreux amateurs pour une bonne raison : rien ne remplace le goût authentique du charbon de bois sur une grillade.',
      'Pour choisir votre barbecue charbon, pensez au nombre de convives, à la surface de cuisson et à la présence d’un couvercle pour les cuissons indirectes.',
      'Un modèle kamado en céramique garde la chaleur des heures durant et se prête aussi bien au fumage qu’à la cuisson des pizzas.',
      'Les grilles en fonte émaillée marquent mieux les viandes, celles en inox se nettoient plus facilement.',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Barbecue charbon</title></head><body>
    <header><nav><a href="/">Accueil</a> <a href="/gaz">Barbecue gaz</a> <a href="/charbon">Barbecue charbon</a></nav></header>
    <div id="columns"><div id="center_column"><h1>Barbecue charbon</h1>
      <ul class="product_list grid row">${cards}</ul>
      <div class="content_scene_cat"><h2>Pourquoi choisir un barbecue charbon ?</h2>${guide}</div>
    </div></div>
    <footer><p>© Esprit grillade</p></footer></body></html>`;
    const out = article(html);
    expectPhrases(
      out,
      [
        'Barbecue charbon Kamado modèle 1',
        'Barbecue charbon Kamado modèle 14 412,00 €',
        'un modèle kamado en céramique',
      ],
      ['© Esprit grillade'],
    );
    expect(out.indexOf('modèle 14')).toBeLessThan(out.indexOf('Pourquoi choisir'));
  });

  it('keeps a product grid the merge took in beside the buying guide the scorer chose', () => {
    // The grid is a third of the page but less than the guide below it, and sits in a sibling of
    // the guide's wrapper: the merge of siblings takes it in, and cleaning must not strip it as a
    // list of links.
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<div class="plp-mastercard plp-fragment-wrapper" data-testid="plp-product-card"><div class="plp-product__image__container"><p class="plp-product-badge">Best seller</p><a href="/us/en/p/billy-bookcase-${i}/"><img src="/img/billy-${i}.jpg" alt=""></a></div><div class="plp-mastercard__price-components"><a href="/us/en/p/billy-bookcase-${i}/"><h3><span>BILLY</span> <span>Bookcase, white, ${30 + i} 1/2x11x79 1/2"</span></h3><span class="plp-price">$${79 + i}.00</span></a></div></div>`,
    ).join('');
    const guide = [
      'Bookshelves are essential in almost every home. If it is not for a home library, it can be a home for your children’s toys, or for important papers and folders in a home office.',
      'Our selection of bookcases come in many different shapes and sizes. Choose between wide, high standing, narrow and low bookcases, in a variety of colors and shades of oak.',
      'Depending on what you want to store, consider whether you need a bookcase with doors and drawers or open shelves. An open solution keeps your books and photos on display.',
      'With storage-and-display solutions you get the best of both worlds: hide the clutter inside the cabinet and display your favorite belongings in the open section above it.',
      'Most of our bookcases require wall mounting. Different wall materials require different fixing devices; see our wall anchoring guidelines to secure bookcases safely.',
    ]
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Bookcases</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/cat/storage">Storage</a> <a href="/cat/living">Living room</a></nav></header>
    <main><div class="plp-page-container"><h1>Bookshelves &amp; bookcases</h1>
      <div class="plp-main-container"><section id="product-list"><div class="plp-product-list"><div class="plp-product-list__products">${cards}</div></div></section></div>
      <div class="plp-body-copy-slot-wrapper"><div data-slot-type="seo-text"><section><h2>Functional and practical bookshelves</h2>${guide}</section></div></div>
    </div></main>
    <footer><p>© Home furnishing</p></footer></body></html>`;
    expectPhrases(
      article(html),
      [
        'BILLY Bookcase, white, 30 1/2x11x79 1/2" $79.00',
        'BILLY Bookcase, white, 41 1/2x11x79 1/2" $90.00',
        'Most of our bookcases require wall mounting',
      ],
      ['© Home furnishing'],
    );
  });

  it('does not take a promotion bar whose messages all link one page for a grid', () => {
    // The bar repeats one message per locale, each linking the shipping page, and holds as much
    // text as the short terms page below it.
    const promos = ['$40', '$60 CAD', '$110 AUD', '65 EUR', '480 kr', '£50', '¥990', 'R$670']
      .map(
        (amount, i) =>
          `<span class="promo-bar__text promo-bar__text-${i}"><p>Free standard shipping on orders ${amount} or more. For more information on shipping rates and timelines, please visit our <a href="https://shop.example/pages/international">international page</a></p></span>`,
      )
      .join('');
    const html = `<!doctype html><html><head><title>Custom Skincare Sets Promo Terms</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/skincare">Skincare</a> <a href="/makeup">Makeup</a></nav></header>
    <div class="page"><div class="promo-bar"><div class="promo-bar__inner">${promos}</div></div>
      <div class="terms"><h1>Custom Skincare Sets Promo Terms</h1>
      <p>Receive ten (10)% off your purchase of three (3) to five (5) individual skincare products to create a custom set at all retail locations and online, excluding any taxes, shipping and delivery charges.</p>
      <p>Discount is non-transferable, not valid on previous purchases, and cannot be combined with other offers. Custom Skincare Sets are limited to one (1) per purchase and must contain unique items.</p>
      <p>Discount will not be granted, may be revoked, and may not be redeemed for a future purchase if the initial transaction is canceled or items are returned. It may be suspended or terminated at any time.</p>
      <p>Discount is subject to all applicable laws and is void where prohibited. Discount will be automatically applied at checkout once the set holds three to five eligible products.</p>
    </div></div>
    <footer><p>© Skincare shop</p></footer></body></html>`;
    expectPhrases(
      article(html),
      ['Receive ten (10)% off your purchase', 'Custom Skincare Sets are limited to one (1) per purchase'],
      ['Free standard shipping on orders', 'please visit our international page'],
    );
  });

  it("keeps a sale price's screen-reader wording when its struck and new prices are hidden from screen readers", () => {
    // WooCommerce writes each sale price twice: the struck and the new price, hidden from screen
    // readers, each followed by a screen-reader sentence saying it. Dropping both leaves no price.
    const price = (was: string, now: string): string =>
      `<span class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>${was}</bdi></span></del> <span class="screen-reader-text">Original price was: $${was}.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>${now}</bdi></span></ins><span class="screen-reader-text">Current price is: $${now}.</span></span>`;
    const cards = [
      ['4WD Gear Bag - Large', '30.00', '21.00'],
      ['Drop Slide Clip-On Table', '235.00', '164.50'],
      ['Pioneer Box Storage Lid', '69.00', '48.30'],
      ['Recovery Gear Bag', '99.00', '69.30'],
      ['Camp Kitchen Utensil Roll', '45.00', '31.50'],
    ]
      .map(
        ([name, was, now], i) =>
          `<li class="product type-product"><a href="/product/item-${i}/" class="woocommerce-LoopProduct-link"><img src="/img/${i}.jpg" alt=""><h3 class="woocommerce-loop-product__title">${name}</h3></a>${price(was as string, now as string)}</li>`,
      )
      .join('');
    const html = `<!doctype html><html><head><title>Outdoor Gear</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/product-category/awnings/">Awnings</a> <a href="/contact/">Contact</a></nav></header>
    <main id="main" class="site-main"><h1 class="woocommerce-products-header__title">Outdoor Gear</h1><ul class="products columns-4">${cards}</ul></main>
    <footer><p>© Outdoor gear shop</p></footer></body></html>`;
    expectPhrases(
      article(html),
      [
        '4WD Gear Bag - Large Original price was: $30.00. Current price is: $21.00.',
        'Camp Kitchen Utensil Roll Original price was: $45.00. Current price is: $31.50.',
      ],
      ['© Outdoor gear shop'],
    );
  });

  it("drops a sort bar's label with the select it names", () => {
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<li class="grid__item"><div class="card"><a href="/products/roast-${i}"><img src="/img/${i}.jpg" alt=""></a><h3 class="card__heading"><a href="/products/roast-${i}">Dark roast coffee, blend ${i + 1}</a></h3><div class="price"><span class="price-item">$${19 + i}.99</span></div></div></li>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Coffee</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/collections/coffee">Coffee</a> <a href="/pages/about">About</a></nav></header>
    <main><h1>Coffee</h1><div class="facet-filters sorting"><span class="facet-filters__label"><label for="SortBy">Sort by:</label></span>
      <select name="sort_by" id="SortBy"><option value="manual">Featured</option><option value="best-selling">Best selling</option><option value="price-ascending">Price, low to high</option></select></div>
      <ul id="product-grid" class="grid">${cards}</ul></main>
    <footer><p>© Coffee roasters</p></footer></body></html>`;
    expectPhrases(
      article(html),
      ['Dark roast coffee, blend 1 $19.99', 'Dark roast coffee, blend 8 $26.99'],
      ['Sort by', 'Price, low to high'],
    );
  });

  it('says a buying guide once when the small-screen copy regroups it under a collapsible panel', () => {
    // The wide-screen copy is a heading over the sections; the small-screen copy drops that heading
    // into a toggle button, so neither copy's text equals the other's: their paragraphs do.
    const sections = [
      [
        'What is carry-on luggage?',
        'Carry-on luggage is your travel companion, designed to hold your essentials within easy reach during your journey, in the overhead compartment or beneath the seat in front of you.',
      ],
      [
        'The benefits of carry-on luggage',
        'Carry-on luggage lets you bypass the baggage check-in lines at the airport and proceed directly to security, saving valuable time and reducing the stress of the trip.',
      ],
      [
        'Size and limits',
        'Most airlines allow a carry-on bag of about 22 x 14 x 9 inches including handles and wheels; check the limits of your airline before you travel, as they vary from one carrier to another.',
      ],
      [
        'Packing smarter',
        'Roll your clothes rather than folding them, use packing cubes to keep things organised, and keep liquids in a clear bag at the top of the case for the security check.',
      ],
      [
        'Carry-on or checked?',
        'For a weekend away a carry-on holds all you need; for a longer trip or bulky gear, a checked case with a carry-on for the essentials is the combination most travellers choose.',
      ],
      [
        'Making the most of it',
        'A good carry-on suitcase lasts for years of trips: choose a shell and wheels that suit the way you travel, and a size that fits the airlines you fly most often.',
      ],
    ]
      .map(([h, p]) => `<h4><strong>${h}</strong></h4><p><span>${p}</span></p>`)
      .join('');
    const html = `<!doctype html><html><head><title>Carry-on luggage</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/luggage">Luggage</a> <a href="/bags">Bags</a></nav></header>
    <main><h1>Carry-on luggage</h1>
      <div class="experience-component"><div class="d-none d-md-block font--primary"><h3>Unpacking the essentials of carry-on luggage</h3>${sections}</div></div>
      <div class="experience-component"><div class="d-md-none card"><button class="title" type="button">Unpacking the essentials of carry-on luggage</button>
        <div class="card-body collapse"><div class="experience-region"><div class="font--primary">${sections}</div></div></div></div></div>
    </main>
    <footer><p>© Luggage shop</p></footer></body></html>`;
    const out = article(html);
    expectPhrases(
      out,
      ['Carry-on luggage is your travel companion', 'A good carry-on suitcase lasts'],
      ['© Luggage shop'],
    );
    expect(out.split('Roll your clothes rather than folding them').length).toBe(2);
  });

  it("drops screen-reader labels whose class adds a framework's prefix to sr-only or screen-reader", () => {
    // Design systems prefix the accessibility class (wt-screen-reader-only, is-sr-only,
    // u-text-sr-only) or name it for its use (price__sr-text, show-for-sr): labels a reader never sees.
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<li class="wt-list-unstyled"><div class="listing-card"><a href="/listing/${i}/leather-wallet"><img src="/il/${i}.jpg" alt=""></a><h3><a href="/listing/${i}/leather-wallet">Slim leather wallet, style ${i + 1}</a></h3><p><span class="wt-screen-reader-only">Ad from Etsy seller</span><span class="is-sr-only">From shop</span> Walletree</p><p><span class="plp-price__sr-text">Sale price</span>$${24 + i}.00 <span class="show-for-sr">Original price</span><del>$${30 + i}.00</del></p></div></li>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Wallets</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/c/bags">Bags</a> <a href="/c/gifts">Gifts</a></nav></header>
    <main><h1>Wallets</h1><ol class="wt-grid">${cards}</ol></main>
    <footer><p>© Market</p></footer></body></html>`;
    expectPhrases(
      article(html),
      ['Slim leather wallet, style 1', 'Walletree $24.00', 'Slim leather wallet, style 8'],
      ['Ad from Etsy seller', 'From shop', 'Sale price', 'Original price', '© Market'],
    );
  });

  it("drops each card's controls: its compare checkbox's label and its buttons drawn as links", () => {
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><a href="/quick/${i}" class="btn btn-quickview">Quick View</a><h3><a href="/p/${i}">Cordless drill driver 18V, kit ${i + 1}</a></h3><span class="price">$${129 + i}.00</span><div class="product-card-compare"><input type="checkbox" id="cmp-${i}"><label for="cmp-${i}">Compare</label></div><a href="#" class="tocompare" role="button"><span>Add to Compare</span></a><a href="/cart?add=${i}" class="button">Add to cart</a></div>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Drills</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/tools">Tools</a> <a href="/deals">Deals</a></nav></header>
    <main><h1>Drills</h1><div class="product-grid">${cards}</div></main>
    <footer><p>© Tool shop</p></footer></body></html>`;
    expectPhrases(
      article(html),
      ['Cordless drill driver 18V, kit 1 $129.00', 'Cordless drill driver 18V, kit 8 $136.00'],
      ['Quick View', 'Compare', 'Add to cart', '© Tool shop'],
    );
  });

  it("drops the badges pinned on each card's picture, keeps its title and price", () => {
    // Badges state the offer ("Sold out", "New arrival"), each a word or two repeated across cards.
    const badges = ['Sold out', 'New arrival', 'Back-order'];
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="grid-product"><div class="grid-product__image"><span class="grid-product__badge badge--${i % 3}">${badges[i % 3]}</span><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a></div><div class="grid-product__meta"><a href="/p/${i}" class="grid-product__title">Watercolour pan set, ${12 + i} colours</a><span class="product-flag">Staff pick</span><span class="grid-product__price">$${29 + i}.00</span></div></div>`,
    ).join('');
    const html = `<!doctype html><html><head><title>Watercolours</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/paint">Paint</a> <a href="/brushes">Brushes</a></nav></header>
    <main><h1>Watercolours</h1><div class="grid grid--uniform">${cards}</div></main>
    <footer><p>© Art shop</p></footer></body></html>`;
    expectPhrases(
      article(html),
      ['Watercolour pan set, 12 colours $29.00', 'Watercolour pan set, 19 colours $36.00'],
      ['Sold out', 'New arrival', 'Back-order', 'Staff pick', '© Art shop'],
    );
  });

  it('does not settle for a cookie-consent dialog when the strict pass stripped the copy', () => {
    const cookies = ['Technical', 'Functionality', 'Analytical', 'Profiling']
      .map(
        (kind) =>
          `<h4>${kind} Cookies</h4><p>These cookies serve a variety of purposes related to the presentation, performance and functionality of this platform; their overall purpose is to enhance the experience of visitors to this platform.</p>`,
      )
      .join('');
    const html = `<!doctype html><html><head><title>Automatic Watches</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/watches">Watches</a> <a href="/sell">Sell</a></nav></header>
    <div class="page-wrap"><main><h1>Automatic Watches</h1><div class="category-extra">
      <p>An automatic watch winds itself with no need for a battery. With a weighted, free-spinning rotor inside that moves as you do, you keep your watch wound with every action.</p>
      <p>The person largely credited with inventing the first self-winding movement powered by an oscillating weight is the Swiss watchmaker Abraham-Louis Perrelet, in the 1770s.</p>
      <p>A year later, an English watch repairer by the name of John Harwood developed his own version of an automatic wristwatch that could be mass-produced.</p>
      <p>Hubert Sarton and Abraham-Louis Breguet were two of several watchmakers who further developed the technology over the following century, before a Parisian watchmaker made a small batch.</p>
      <p>Today most mechanical watches sold are automatic, and a rotor running in both directions keeps the mainspring wound through an ordinary day of wear, with a power reserve for the night.</p>
    </div></main></div>
    <div class="site-layers"><div class="toast">Added to your bag</div><div id="modal_cookie-consent" class="modal_ modal-fixed"><div class="modal_content"><p>Our platform uses various types of cookies, each of which has a specific function.</p>${cookies}</div></div></div>
    <footer><p>© Watches</p></footer></body></html>`;
    expectPhrases(
      article(html),
      [
        'An automatic watch winds itself with no need for a battery',
        'John Harwood developed his own version',
      ],
      [],
    );
  });
});

/** A category page: an intro over a product grid in `<main>`, its buying guide after `<main>`. */
function grillPage(jump: string): string {
  const products = Array.from(
    { length: 24 },
    (_, i) =>
      `<article class="product-miniature"><a href="/grills/${i}"><img src="/img/grill-${i}.jpg" alt="Gas grill ${i}"></a><h2 class="product-title"><a href="/grills/${i}">Gas grill model ${i} with side burner</a></h2><span class="price">${499 + i},00 €</span><span class="stock">In stock, shipped within 48 hours</span><button>Add to compare</button></article>`,
  ).join('');
  const tips = [
    [
      'Propane or butane?',
      'Propane does not freeze, so a grill run on it cooks through the winter at full power.',
    ],
    ['Searing', 'A searing burner gives steaks their crust in a minute a side.'],
    ['Slow cooking', 'Three burners or more keep a cool zone for ribs at a low, steady heat.'],
    ['Care', 'Run the burners at full power for ten minutes after each use to burn off the fat.'],
    [
      'Covers',
      'A cover keeps the rain off the lid and the burners and makes a grill last three times longer.',
    ],
  ]
    .map(([h, t]) => `<div class="col-md-6"><h3>${h}</h3><p>${t}</p></div>`)
    .join('');
  return `<!doctype html><html><head><title>Gas grills</title></head><body><div id="page">
    <header><nav><a href="/">Home</a> <a href="/grills">Grills</a> <a href="/accessories">Accessories</a></nav></header>
    <div id="wrapper"><div class="container"><main id="content-wrapper">
      <h1>Gas grills</h1>
      <div class="category-intro"><p>Discover all our gas grills, in stock and at the fairest price, from the great brands of the trade. Two, three, four or five burners, with or without a side burner: choose the one that suits you.</p>
      <p><a href="#${jump}">Read more</a></p></div>
      <section id="products"><div class="products row">${products}</div></section>
    </main></div></div>
    <div class="category-description"><div class="wrapper"><div id="gas-grills-more"><h2>Find your next gas grill</h2></div>
      <p>A gas grill is ready in five minutes: one press lights the burners, with no charcoal to wait for and no ashes to clear.</p><div class="row">${tips}</div></div></div>
    <footer><ul><li><a href="/contact">Contact</a></li><li><a href="/terms">Terms</a></li></ul><p>© Grill shop</p></footer>
    </div></body></html>`;
}

describe('a category page whose copy goes on below its grid', () => {
  it("joins the section its intro's jump link leads to, printed after the main region", () => {
    expectPhrases(
      article(grillPage('gas-grills-more')),
      [
        'Discover all our gas grills',
        'Gas grill model 3 with side burner',
        'Find your next gas grill',
        'Propane does not freeze',
        'makes a grill last three times longer',
      ],
      ['Grill shop'],
    );
  });

  it('does not take in the rest of the page for a link to a wrapper of the content', () => {
    expectPhrases(
      article(grillPage('page')),
      ['Discover all our gas grills', 'Gas grill model 3 with side burner'],
      ['Grill shop', 'Accessories', 'Propane does not freeze'],
    );
  });
});
