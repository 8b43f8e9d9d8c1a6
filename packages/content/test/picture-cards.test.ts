import { describe, it } from 'vitest';
import { articleAt } from './page';
import { expectPhrases } from './phrases';

/*
 * A department page whose content is only its sub-categories, each a picture card (image and a
 * heading with an item count): the cards are the page's items, though each is shorter than a
 * product card. Fixture trimmed to the shape of a WooCommerce category page.
 */

const article = articleAt('https://shop.example/product-category/electronics/');

const categories: [string, number][] = [
  ['Home Appliance', 1],
  ['Radios', 4],
  ['Power Banks', 158],
  ['Bluetooth Speakers', 44],
  ['Camera Accessories', 10],
  ['Computer Accessories', 51],
  ['Phone Accessories', 44],
];

function card([name, count]: [string, number]): string {
  const slug = name.toLowerCase().replace(/ /g, '-');
  return `<li class="product-category product"><a aria-label="Visit product category ${name}" href="/product-category/electronics/${slug}/"><img src="/uploads/${slug}.jpg" alt="${name}" width="400" height="400"><h2 class="woocommerce-loop-category__title">${name} <mark class="count">(${count})</mark></h2></a></li>`;
}

function page(cards: string): string {
  return `<!doctype html><html><head><title>Electronics and gadgets</title></head><body>
  <header id="main-header"><nav id="top-menu-nav"><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>
  <div id="main-content"><div class="container"><div id="content-area" class="clearfix">
    <div id="left-area"><nav class="woocommerce-breadcrumb"><a href="/">Home</a> / Electronics and gadgets</nav>
      <header class="woocommerce-products-header"><h1 class="page-title">Electronics and gadgets</h1></header>
      <ul class="products columns-3">${cards}</ul>
    </div>
    <div id="sidebar"><div class="widget_product_categories"><h4 class="widgettitle">Product Categories</h4><ul class="product-categories">
      ${categories.map(([n, c]) => `<li class="cat-item"><a href="/c/${n}">${n}</a> <span class="count">(${c})</span></li>`).join('')}
    </ul></div></div>
  </div></div></div>
  <footer id="main-footer"><ul class="et-social-icons"><li><a href="#">Facebook</a></li><li><a href="#">X</a></li><li><a href="/feed/">RSS</a></li></ul>
    <p id="footer-info">Designed by <a href="https://themes.example">Elegant Themes</a> | Powered by <a href="https://wordpress.example">WordPress</a></p></footer>
  </body></html>`;
}

describe('category pages made of picture cards', () => {
  it('keeps the sub-category cards, each an image and a heading with its count', () => {
    expectPhrases(
      article(page(categories.map(card).join(''))),
      ['Home Appliance (1)', 'Power Banks (158)', 'Computer Accessories (51)', 'Phone Accessories (44)'],
      ['Designed by', 'Powered by'],
    );
  });

  it('keeps cards whose picture is a lazy placeholder inside a figure', () => {
    // A homepage of featured categories: each card's image is a `data:` placeholder hidden from
    // screen readers, which cleaning drops; the figure framing it is what says it is a picture.
    const placeholder =
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 60 60'%3E%3C/svg%3E";
    const cards = categories
      .map(
        ([n]) =>
          `<li class="category-card"><a title="${n}" href="/categories/${n.toLowerCase().replace(/ /g, '-')}/"><figure class="category-card__figure"><div class="category-card__image"><img alt="${n}" src="${placeholder}" aria-hidden="true"></div></figure><h3 class="category-card__name">${n}</h3></a></li>`,
      )
      .join('');
    expectPhrases(
      article(page(cards)),
      ['Home Appliance', 'Power Banks', 'Computer Accessories', 'Phone Accessories'],
      ['Designed by', 'Powered by'],
    );
  });

  it('short link entries without pictures and headings are still a menu, not items', () => {
    const entries = categories
      .map(([n, c]) => `<li class="product-category"><a href="/c/${n}">${n} (${c})</a></li>`)
      .join('');
    expectPhrases(article(page(entries)), [], ['Power Banks (158)']);
  });
});
