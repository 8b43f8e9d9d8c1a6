import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchema, ExtractionFailedError, extract, InvalidSchemaError } from '../src/index';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

function run(name: string, schema: Record<string, unknown>, url = 'https://example.test/page') {
  return extract({ html: fixture(name), url, schema: compileSchema(schema) });
}

const productSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    brand: { type: 'string' },
    price: { type: 'number', description: 'Current price' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    availability: { enum: ['in_stock', 'out_of_stock', 'preorder'] },
    sku: { type: 'string' },
    rating: { type: ['number', 'null'], minimum: 0, maximum: 5 },
    review_count: { type: 'integer' },
    image: { type: 'string', format: 'uri' },
  },
  required: ['name', 'price', 'rating'],
};

describe('structured data', () => {
  it('reads a JSON-LD Product: nested offer price and currency, availability mapped onto the enum', () => {
    const { data, fields } = run('product-ghostwares.html', productSchema);
    expect(data).toMatchObject({
      name: 'White Speckle Mug',
      brand: 'Ghost Wares',
      price: 60,
      currency: 'AUD',
      availability: 'out_of_stock',
      sku: 'SQ7150021',
    });
    expect(fields['/price']).toMatchObject({ source: 'json-ld', path: 'Product.offers.price' });
    // A required nullable property with nothing on the page is null, never invented.
    expect((data as Record<string, unknown>).rating).toBeNull();
    expect(fields['/rating']?.confidence).toBe(0);
  });

  it('reads microdata: meta-borne offer, link availability, rating "4.7 / 5", brand scope, absolute image', () => {
    const { data, fields } = run(
      'product-thomann-microdata.html',
      productSchema,
      'https://www.thomann.de/gb/x.htm',
    );
    expect(data).toEqual({
      name: 'Rode NT1 5th Generation Black',
      brand: 'Rode',
      price: 169,
      currency: 'GBP',
      availability: 'in_stock',
      sku: '561426',
      rating: 4.7,
      review_count: 51,
      image: 'https://thumbs.static-thomann.de/thumb/padthumb600x600/pics/bdb/_56/561426/18111440_800.jpg',
    });
    expect(fields['/price']).toMatchObject({ source: 'microdata', path: 'Product.offers.price' });
  });

  it('follows nested objects and @graph-free multiple scripts in an article; tags from article:tag', () => {
    const { data, fields } = run('article-metro.html', {
      type: 'object',
      properties: {
        headline: { type: 'string' },
        author: {
          type: 'object',
          properties: { name: { type: 'string' }, url: { type: 'string', format: 'uri' } },
          required: ['name'],
        },
        published: { type: 'string', format: 'date' },
        modified: { type: ['string', 'null'], format: 'date-time' },
        section: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        publisher: { type: 'string' },
      },
      required: ['headline', 'published'],
    });
    expect(data).toMatchObject({
      headline: "King's speech summary: Five key policies announced in state opening",
      author: { name: 'Jen Mills', url: 'https://metro.co.uk/author/jen-mills-for-metro-co-uk/' },
      published: '2024-07-17',
      modified: '2024-07-17T18:39:23+01:00',
      section: 'News',
      tags: ['King Charles III', 'Metro newspaper', 'Politics', 'Royal Family', 'UK Parliament'],
      publisher: 'Metro.co.uk',
    });
    expect(fields['/author/name']?.source).toBe('json-ld');
    expect(fields['/tags']?.path).toBe('meta[property=article:tag]');
  });

  it('reads a JobPosting: organisation, address locality, salary range, enum wording, dl facts, headed list', () => {
    const { data } = run('job-posting.html', {
      type: 'object',
      properties: {
        title: { type: 'string' },
        company: { type: 'string' },
        city: { type: 'string' },
        salary_min: { type: 'number' },
        salary_currency: { type: 'string' },
        employment_type: { enum: ['full_time', 'part_time', 'contract'] },
        remote: { type: 'boolean' },
        requirements: { type: 'array', items: { type: 'string' } },
        deadline: { type: 'string', format: 'date' },
        team: { type: 'string' },
      },
      required: ['title', 'company'],
    });
    expect(data).toEqual({
      title: 'Senior Backend Engineer',
      company: 'Acme Analytics',
      city: 'Dublin',
      salary_min: 70000,
      salary_currency: 'EUR',
      employment_type: 'full_time',
      remote: true,
      requirements: ['Go or TypeScript', 'PostgreSQL', 'Kubernetes'],
      deadline: '2026-12-31',
      team: 'Data Platform',
    });
  });

  it('fills an array of objects from an ItemList of events', () => {
    const { data } = run('events-eventbrite.html', {
      type: 'object',
      properties: {
        events: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              start_date: { type: 'string', format: 'date' },
              url: { type: 'string', format: 'uri' },
            },
            required: ['name', 'start_date'],
          },
        },
      },
      required: ['events'],
    });
    const events = (data as { events: { name: string; start_date: string }[] }).events;
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      name: 'Online International HR Tech Conference - Reloaded',
      start_date: '2026-03-17',
    });
  });

  it('fills a listing from repeated microdata items (goodreads rows), URLs resolved against the page', () => {
    const { data } = run(
      'listing-goodreads.html',
      {
        type: 'object',
        properties: {
          books: {
            type: 'array',
            maxItems: 10,
            items: {
              type: 'object',
              properties: {
                title: { type: 'string' },
                author: { type: 'string' },
                url: { type: 'string', format: 'uri' },
              },
              required: ['title', 'author'],
            },
          },
        },
      },
      'https://www.goodreads.com/list/show/1.Best_Books_Ever',
    );
    expect((data as { books: unknown[] }).books).toEqual([
      {
        title: 'The Hunger Games (The Hunger Games, #1)',
        author: 'Suzanne Collins',
        url: 'https://www.goodreads.com/book/show/2767052-the-hunger-games',
      },
      {
        title: 'Pride and Prejudice',
        author: 'Jane Austen',
        url: 'https://www.goodreads.com/book/show/1885.Pride_and_Prejudice',
      },
      {
        title: 'To Kill a Mockingbird',
        author: 'Harper Lee',
        url: 'https://www.goodreads.com/book/show/2657.To_Kill_a_Mockingbird',
      },
    ]);
  });
});

describe('the page itself (no structured data)', () => {
  it('reads a recipe card: label-value times in minutes, lists under headings, "Label: value" text', () => {
    const { data, fields } = run('recipe-wprm.html', {
      type: 'object',
      properties: {
        name: { type: 'string' },
        prep_time_minutes: { type: 'integer', description: 'Preparation time in minutes' },
        cook_time: { type: ['integer', 'null'], description: 'Cooking time, minutes' },
        ingredients: { type: 'array', items: { type: 'string' }, minItems: 1 },
        instructions: { type: 'array', items: { type: 'string' } },
        cuisine: { type: 'string' },
      },
      required: ['name', 'ingredients'],
    });
    expect(data).toMatchObject({
      name: 'Beginners Sourdough Bread Recipe',
      prep_time_minutes: 780,
      cook_time: 35,
      cuisine: 'American',
    });
    const ingredients = (data as { ingredients: string[] }).ingredients;
    expect(ingredients[0]).toBe(
      '400 grams unbleached bread flour (mix of unbleached bread flour, all-purpose and whole red wheat flour)',
    );
    expect(ingredients).toHaveLength(4);
    expect(fields['/ingredients']).toMatchObject({ source: 'list', path: 'list under "Ingredients"' });
    expect(fields['/cuisine']?.source).toBe('label');
  });

  it('reads label-value tables and "Label: value" lines, price text with its currency', () => {
    const html = `<html><head><title>Widget Pro | Shop</title></head><body><h1>Widget Pro</h1>
      <div class="product-price"><span>1.299,00 €</span></div>
      <table><tr><th>Weight</th><td>1.2 kg</td></tr><tr><th>EAN</th><td>4006381333931</td></tr></table>
      <ul><li>Colour: Graphite</li><li><strong>Warranty</strong> 2 years</li></ul></body></html>`;
    const { data, fields } = extract({
      html,
      url: 'https://shop.example/w',
      schema: compileSchema({
        type: 'object',
        properties: {
          title: { type: 'string' },
          price: {
            type: 'object',
            properties: { amount: { type: 'number' }, currency: { type: 'string' } },
            required: ['amount'],
          },
          weight: { type: 'string' },
          ean: { type: 'string', pattern: '^\\d{13}$' },
          colour: { type: 'string' },
          warranty: { type: 'string' },
        },
      }),
    });
    expect(data).toEqual({
      title: 'Widget Pro',
      price: { amount: 1299, currency: 'EUR' },
      weight: '1.2 kg',
      ean: '4006381333931',
      colour: 'Graphite',
      warranty: '2 years',
    });
    expect(fields['/weight']).toMatchObject({ source: 'table', path: 'tr "Weight"' });
    expect(fields['/title']?.source).toBe('heading');
  });
});

describe('validity', () => {
  it('never places a value that fails its subschema: the next candidate, or nothing', () => {
    const schema = {
      type: 'object',
      properties: {
        price: { type: 'number', maximum: 10 },
        name: { type: 'string', maxLength: 5 },
        sku: { type: 'string', pattern: '^X' },
      },
    };
    expect(run('product-ghostwares.html', schema).data).toEqual({});
  });

  it('fails naming the required properties it could not fill, instead of inventing them', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        isbn: { type: 'string' },
        pages: { type: 'integer', minimum: 1 },
      },
      required: ['name', 'isbn', 'pages'],
    };
    try {
      run('product-ghostwares.html', schema);
      expect.fail('extraction should fail');
    } catch (error) {
      expect(error).toBeInstanceOf(ExtractionFailedError);
      expect((error as ExtractionFailedError).missing).toEqual(['/isbn', '/pages']);
    }
  });

  it('honours keywords it does not steer by (dependentRequired) by leaving optional values out', () => {
    const compiled = compileSchema({
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' } },
      dependentRequired: { price: ['gtin'] },
    });
    const result = extract({
      html: fixture('product-ghostwares.html'),
      url: 'https://x.test/',
      schema: compiled,
    });
    expect(result.data).toEqual({ name: 'White Speckle Mug' });
    expect(result.fields['/price']).toBeUndefined();
    expect(result.unsupported_keywords).toEqual(['dependentRequired']);
  });
});

describe('schemas we refuse', () => {
  const refused = (schema: unknown) => {
    try {
      compileSchema(schema);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidSchemaError);
      return (error as InvalidSchemaError).errors;
    }
    throw new Error('the schema was accepted');
  };

  it('invalid JSON Schema, with ajv messages', () => {
    expect(refused({ type: 'object', properties: { a: { type: 'strin' } } }).join(' ')).toMatch(
      /must be equal to one of the allowed values/,
    );
    expect(refused({ type: 'object', required: 'name' }).length).toBeGreaterThan(0);
  });

  it('another draft, remote references, and the caps', () => {
    expect(refused({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' })[0]).toMatch(
      /2020-12/,
    );
    expect(
      refused({ type: 'object', properties: { a: { $ref: 'https://evil.example/s.json' } } })[0],
    ).toMatch(/only local/);
    const many = Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(refused({ type: 'object', properties: many })[0]).toMatch(/at most 300 properties/);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10; i++) deep = { type: 'object', properties: { x: deep } };
    expect(refused(deep)[0]).toMatch(/nest at most 8/);
    expect(refused([])[0]).toMatch(/object/);
    expect(refused({ type: 'array', items: { type: 'string' } })[0]).toMatch(/must be "object"/);
  });

  it('accepts a schema without $schema, local $refs and annotations ajv does not know', () => {
    const compiled = compileSchema({
      type: 'object',
      $defs: { money: { type: 'number', minimum: 0 } },
      properties: { price: { $ref: '#/$defs/money', 'x-note': 'ours' } },
    });
    const { data } = extract({
      html: fixture('product-ghostwares.html'),
      url: 'https://x.test/',
      schema: compiled,
    });
    expect(data).toEqual({ price: 60 });
  });
});
