import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A filter panel whose checkboxes carry no `name` (a script reads them and follows the filter's
 * link), each inside its `<label>` with the value and its count: still a filter panel, dropped
 * beside the product grid. Fixture trimmed to the shape of a PrestaShop category page.
 */

const article = articleAt('https://shop.example/12-barbecue-gaz');

function facet(name: string, values: [string, number][], type: string, named: boolean): string {
  const options = values
    .map(
      ([v, n], i) =>
        `<label class="c-facet-option" for="f-${name}-${i}"><input id="f-${name}-${i}" class="c-facet-option__input" type="${type}"${named ? ` name="filter ${name}"` : ''}><span class="c-facet-option__box"></span><span class="c-facet-option__link" type="button">${v} <span class="count">(${n})</span></span></label>`,
    )
    .join('');
  return `<details class="c-accordion c-facet"><summary><span>${name}</span></summary><div class="c-facet-list">${options}</div></details>`;
}

const products = [
  ['Barbecue gaz Spirit EP-425', '899,00 €'],
  ['Barbecue gaz Rogue SE 425', '1 099,00 €'],
  ['Barbecue gaz Genesis E-325s', '1 299,00 €'],
  ['Barbecue gaz Baron 490', '749,00 €'],
  ['Barbecue gaz Select Plus', '319,00 €'],
]
  .map(
    ([name, price]) =>
      `<article class="product-miniature"><a href="/p/${name}"><img src="/img/${name}.jpg" alt="${name}"></a><h2 class="product-title"><a href="/p/${name}">${name}</a></h2><span class="price">${price}</span><p class="availability">En stock, expédié sous 48h</p></article>`,
  )
  .join('');

const html = `<!doctype html><html><head><title>Barbecue gaz</title></head><body>
  <header><nav><a href="/">Accueil</a> <a href="/barbecues">Barbecues</a> <a href="/plancha">Planchas</a></nav></header>
  <main><section id="main"><h1>Barbecue gaz</h1>
    <div class="category-description"><p>Découvrez tous nos barbecues gaz avec un large choix en stock, au prix le plus juste. Toutes les grandes marques de barbecue sont présentes, du barbecue gaz le plus abouti au petit barbecue gaz en passant par le barbecue gaz plancha.</p>
    <p>Avec une surface de cuisson 100% grille ou munie d'une plancha, à deux, trois, quatre ou cinq brûleurs, avec ou sans réchaud : à vous de choisir celui qui vous convient, nos conseillers vous répondent.</p></div>
    <div id="search_filters" class="c-facets-wrapper"><div class="c-facets__content">
      ${facet(
        'Connectivité',
        [
          ['Bluetooth', 1],
          ['Bluetooth et WI-FI', 13],
        ],
        'checkbox',
        false,
      )}
      ${facet(
        'Energie',
        [
          ['Charbon', 5],
          ['Electrique', 1],
          ['Gaz', 156],
        ],
        'checkbox',
        false,
      )}
      ${facet(
        'Disponibilité',
        [
          ['En Stock', 89],
          ['Rupture de stock', 13],
          ['Sur Commande', 61],
        ],
        'radio',
        true,
      )}
    </div></div>
    <div id="products" class="products">${products}</div>
  </section></main>
  <footer><p>© Esprit barbecue</p></footer></body></html>`;

describe('filter panels of unnamed, labelled checkboxes', () => {
  it('drops the facet labels and keeps the products', () => {
    const md = article(html);
    expect(md).toContain('Barbecue gaz Genesis E-325s');
    expect(md).toContain('1 299,00 €');
    expect(md).toContain('Découvrez tous nos barbecues gaz');
    expect(md).not.toContain('Bluetooth et WI-FI');
    expect(md).not.toContain('Electrique');
  });

  it('an unnamed checkbox outside any label is not a filter control', () => {
    const bare = html
      .replace(/<label class="c-facet-option"[^>]*>/g, '<span>')
      .replace(/<\/label>/g, '</span>');
    expect(article(bare)).toContain('Bluetooth et WI-FI');
  });

  it("a product card's colour swatches, labelled but without counts, stay", () => {
    const swatches = ['Gray Polyester', 'Light Brown Polyester', 'Beige Polyester', 'Apricot Polyester']
      .map((c, i) => `<label for="s-${i}"><input id="s-${i}" type="radio"><span>${c}</span></label>`)
      .join('');
    const cards = [
      'Brooklington Upholstered Sofa',
      'Alcott Hill Loveseat',
      'Ebern Sleeper Sofa',
      'Wade Sectional',
    ]
      .map(
        (n) =>
          `<div class="card"><h2><a href="/p/${n}">${n}</a></h2><p>By Ebern Designs</p><div class="swatches">${swatches}</div><span class="price">$649.99</span></div>`,
      )
      .join('');
    const page = `<!doctype html><html><head><title>Sofas</title></head><body>
      <main><h1>Sofas</h1><div class="browse">${cards}</div></main></body></html>`;
    const md = article(page);
    expect(md).toContain('Brooklington Upholstered Sofa');
    expect(md).toContain('Light Brown Polyester');
  });
});
