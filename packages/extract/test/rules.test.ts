import { describe, expect, it } from 'vitest';
import { compileSchema, extract } from '../src/index';

/** One page, one schema: the extracted data (the page's URL is https://news.example/story). */
function dataOf(html: string, properties: Record<string, unknown>, required: string[] = []) {
  const schema = compileSchema({ type: 'object', properties, required });
  return extract({ html, url: 'https://news.example/story', schema }).data as Record<string, unknown>;
}

const uri = { type: 'string', format: 'uri' };

describe('images', () => {
  it('a lead_image_url is the lead image, not the page URL', () => {
    const html = `<html><head><link rel="canonical" href="https://news.example/story">
      <meta property="og:url" content="https://news.example/story">
      <meta property="og:image" content="https://cdn.news.example/lead.jpg"></head>
      <body><h1>Story</h1></body></html>`;
    expect(dataOf(html, { lead_image_url: uri, author_name: { type: 'string' } })).toEqual({
      lead_image_url: 'https://cdn.news.example/lead.jpg',
    });
  });
});

describe('names and titles', () => {
  it("drops the site's name from the document title, and a logo h1 is not the page's heading", () => {
    const html = `<html><head><title>Beginner's guide to lenses | Amateur Photographer</title>
      <meta property="og:site_name" content="Amateur Photographer"></head>
      <body><h1>Amateur Photographer</h1><p>Text</p></body></html>`;
    expect(dataOf(html, { headline: { type: 'string' } })).toEqual({
      headline: "Beginner's guide to lenses",
    });
  });

  it('a name with decorations gives way to the heading it starts with, not to a shorter name', () => {
    const page = (name: string, h1: string) =>
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"${name}"}</script></head>
       <body><h1>${h1}</h1></body></html>`;
    const schema = { name: { type: 'string' } };
    expect(dataOf(page('Trail 25 Pack - Shadow Bay - XS - XL', 'Trail 25 Pack'), schema)).toEqual({
      name: 'Trail 25 Pack',
    });
    expect(dataOf(page('Nike Pegasus 41 Road Running Shoes', 'Nike Pegasus 41'), schema)).toEqual({
      name: 'Nike Pegasus 41 Road Running Shoes',
    });
  });

  it('a bare page without heading nor title is named by its first line', () => {
    const html = '<html><body>Kenmore White 17" Microwave\n<img src="m.jpg">\n$55.00</body></html>';
    expect(dataOf(html, { name: { type: 'string' } }, ['name'])).toEqual({
      name: 'Kenmore White 17" Microwave',
    });
  });
});

describe('bylines and dates', () => {
  const authors = { type: 'array', items: { type: 'string' } };
  it('reads a visible byline with two names and a date, before a meta author that is the site', () => {
    const html = `<html><head><title>Story</title><meta name="author" content="News Example">
      <meta property="og:site_name" content="News Example"></head><body><h1>Story</h1>
      <p class="byline">By Jane Doe and John Roe · <time datetime="2024-05-05T10:00:00Z">5 May</time></p>
      </body></html>`;
    expect(dataOf(html, { authors, date_published: { type: 'string', format: 'date' } })).toEqual({
      authors: ['Jane Doe', 'John Roe'],
      date_published: '2024-05-05',
    });
  });

  it("a forum thread's poster from its username link; a handle is no author", () => {
    const html = `<html><head><meta name="twitter:creator" content="@handle"></head><body><h1>Thread</h1>
      <p>started by <a href="/members/x.1" class="username">luizjr4</a>, Feb 24, 2024</p></body></html>`;
    expect(dataOf(html, { author: { type: 'string' } })).toEqual({ author: 'luizjr4' });
  });
});

describe('plain-text lines, the buy box, identifiers and dates in words', () => {
  it('reads "Label: value", price and stock lines of a page written in lines', () => {
    const html =
      '<html><body><h1>Mug</h1><div>\nRated 4/5\n$55.00\nIn stock\nColour: Blue\n</div></body></html>';
    const data = dataOf(html, {
      price: { type: 'number' },
      in_stock: { type: 'boolean' },
      colour: { type: 'string' },
    });
    expect(data).toEqual({ price: 55, in_stock: true, colour: 'Blue' });
  });

  it('an enabled Add to cart button means in stock; a Notify me button means out of stock', () => {
    const page = (button: string) => `<html><body><h1>Mug</h1><form>${button}</form></body></html>`;
    const schema = { in_stock: { type: 'boolean' } };
    expect(dataOf(page('<button type="submit">Add to cart</button>'), schema)).toEqual({ in_stock: true });
    expect(dataOf(page('<button>Notify me when available</button>'), schema)).toEqual({ in_stock: false });
    expect(dataOf(page('<button disabled>Add to cart</button>'), schema)).toEqual({});
  });

  it('an ISBN-13 with hyphens meets a digits-only pattern; a month and year meet a YYYY-MM pattern', () => {
    const html = `<html><body><h1>Book</h1><ul><li><b>ISBN-13:</b> 978-0-7352-1129-2</li>
      <li><b>Publication date:</b> June 2010</li></ul></body></html>`;
    const data = dataOf(html, {
      isbn_13: { type: 'string', pattern: '^97[89][0-9]{10}$' },
      publication_date: { type: 'string', pattern: '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$' },
    });
    expect(data).toEqual({ isbn_13: '9780735211292', publication_date: '2010-06' });
  });
});

describe('addresses and plain-text lists', () => {
  it("a business's city and postal code from its schema.org address", () => {
    const html = `<html><head><script type="application/ld+json">{"@type":"Plumber","name":"Aztec Plumbing",
      "address":{"@type":"PostalAddress","streetAddress":"12 Metro Pkwy","addressLocality":"Fort Myers","postalCode":"33966"}}
      </script></head><body><h1>Aztec Plumbing</h1></body></html>`;
    expect(dataOf(html, { city: { type: 'string' }, postal_code: { type: 'string' } })).toEqual({
      city: 'Fort Myers',
      postal_code: '33966',
    });
  });

  it('"Ingredients:" followed by "- item" lines is a list', () => {
    const html =
      '<html><body><h1>Banana bread</h1>\nIngredients:\n- 3 ripe bananas\n- 1 egg\n\nInstructions: mix.</body></html>';
    expect(dataOf(html, { ingredients: { type: 'array', items: { type: 'string' } } })).toEqual({
      ingredients: ['3 ripe bananas', '1 egg'],
    });
  });
});
