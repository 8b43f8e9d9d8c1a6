import { describe, expect, it } from 'vitest';
import { dropFacetPanels } from '../src/clutter/facet-panel';
import { bodyOf, innerText, parseHtml } from '../src/parse';
import { articleAt } from './page';

/*
 * A category page's filter panel (facet-panel.ts), modelled on WCXB collection pages (a shop's
 * brand collection: a facet form of named checkboxes with counts beside the product grid).
 */

const article = articleAt('https://shop.example/collections/headphones');

function facetGroup(name: string, values: [string, number][]): string {
  const items = values
    .map(
      ([v, n], i) =>
        `<li><label for="f-${name}-${i}"><input type="checkbox" name="filter.${name}" value="${v}" id="f-${name}-${i}"> ${v} (${n} products)</label></li>`,
    )
    .join('');
  return `<details open><summary>${name}</summary><ul>${items}</ul></details>`;
}

const facets = `<div class="sidebar-panel"><h2>Filter</h2><form>${facetGroup('Cup style', [
  ['Closed-Back', 10],
  ['Open-Back', 7],
])}${facetGroup('Connectivity', [
  ['Wired', 16],
  ['Wireless', 6],
])}${facetGroup('Availability', [
  ['In stock', 16],
  ['Out of stock', 4],
])}</form></div>`;

const cards = [
  ['HD 800S Headphones', '$1,999.95'],
  ['HD 560S Headphones', '$279.95'],
  ['HDB 630 Wireless Headphones', '$499.95'],
  ['HD 600 Headphones', '$499.95'],
  ['IE 600 In-Ear Headphones', '$899.95'],
  ['Momentum 4 Headphones', '$449.95'],
]
  .map(
    ([name, price]) =>
      `<li class="grid__item"><div class="card"><h3><a href="/products/${name}">${name}</a></h3><span class="price">${price}</span><span>4.8 / 5.0 (19 reviews)</span></div></li>`,
  )
  .join('');

function page(panel: string): string {
  return `<!doctype html><html><head><title>Headphones</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/collections">Shop</a></nav></header>
  <main><div class="collection"><h1>Collection: Headphones</h1><p>20 products</p>
  <div class="facets-wrapper">${panel}<ul class="product-grid">${cards}</ul></div></div></main>
  <footer><p>© Shop</p></footer></body></html>`;
}

describe('filter panels', () => {
  it('a category page keeps its product cards and drops the facet checkboxes', () => {
    const md = article(page(facets));
    expect(md).toContain('HDB 630 Wireless Headphones');
    expect(md).toContain('$899.95');
    expect(md).not.toContain('Closed-Back');
    expect(md).not.toContain('Out of stock');
  });

  it('checkboxes without counts, on a page without an item grid, are the page content', () => {
    const options = [
      'Artificial intelligence',
      'Computer vision',
      'Machine learning',
      'Databases',
      'Cryptography',
    ]
      .map((a, i) => `<tr><td><input type="checkbox" name="area${i}" value="1"> ${a}</td></tr>`)
      .join('');
    const html = `<!doctype html><html><head><title>Rankings</title></head><body><main><div class="content">
      <p>This ranking of institutions is based on faculty publications at the most selective conferences in each
      area of the field, counted per author and per paper so that large groups do not dominate the results.</p>
      <table>${options}</table>
      <p>Choose the areas above to recompute the ranking; the publication data is refreshed every month from the
      public bibliography, and every count can be checked against the listed papers of each faculty member.</p>
      </div></main></body></html>`;
    expect(article(html)).toContain('Computer vision');
  });

  it('drops a panel whose labels lost their text: the count shown to the eye and the one said to screen readers', () => {
    // Shopify's themes write each label twice, `<span aria-hidden="true">Bundle (1)</span>` and
    // `<span class="visually-hidden">Bundle (1 product)</span>`; both are gone when panels are
    // looked for, leaving the checkbox and its icon.
    const group = (name: string, values: string[]): string =>
      `<details class="facets__disclosure js-filter"><summary><span>${name}</span></summary><div class="facets__display"><div class="facets__header"><span>0 selected</span><a href="/collections/coffee">Reset</a></div><ul class="facets__list">${values
        .map(
          (v, i) =>
            `<li><label for="f-${name}-${i}"><input type="checkbox" name="filter.p.${name}" value="${v}" id="f-${name}-${i}"><svg class="icon icon-checkmark" viewBox="0 0 11 7"><path d="M1.5 3.5L9.5 1"></path></svg></label></li>`,
        )
        .join('')}</ul></div></details>`;
    const content = bodyOf(
      parseHtml(`<form id="FacetFiltersForm"><h2>Filter:</h2>${group('Type', ['Bundle', 'Coffee', 'Merch'])}${group('Roast', ['Dark', 'Medium'])}</form>
      <p>Our coffee is roasted in small batches and shipped the week it is roasted, so every bag arrives at its best.</p>`),
    );
    dropFacetPanels(content, new Set());
    expect(innerText(content)).not.toContain('0 selected');
    expect(innerText(content)).toContain('roasted in small batches');
  });

  it('measures a panel the scorer chose against the item grid to be joined to it', () => {
    // Alone, the panel is most of the content and could be the page's form; the product grid
    // joined after cleaning holds far more.
    const values = ['Closed-Back (10)', 'Open-Back (7)', 'Wired (16)', 'Wireless (6)', 'In stock (16)']
      .map((v, i) => `<li><label><input type="checkbox" name="filter.v.${i}" value="${i}"> ${v}</label></li>`)
      .join('');
    const content = bodyOf(
      parseHtml(`<div class="facets"><h2>Filter</h2><form><ul>${values}</ul></form></div><p>20 products</p>`),
    );
    dropFacetPanels(content, new Set(), 1500);
    expect(innerText(content)).not.toContain('Closed-Back');
    expect(innerText(content)).toContain('20 products');
  });
});
