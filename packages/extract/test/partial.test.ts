import { describe, expect, it } from 'vitest';
import { compileSchema, ExtractionFailedError, extract } from '../src/index';

const html = `<html><head><title>Blue Mug</title></head><body>
<h1>Blue Mug</h1><p class="price">$12.50</p></body></html>`;

function failure(schema: Record<string, unknown>): ExtractionFailedError {
  try {
    extract({ html, url: 'https://shop.example/mug', schema: compileSchema(schema) });
  } catch (error) {
    if (error instanceof ExtractionFailedError) return error;
    throw error;
  }
  throw new Error('extraction did not fail');
}

describe('partial data on a failed extraction', () => {
  it('carries what was found, valid against the schema with required relaxed, and names what is missing', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        isbn: { type: 'string', pattern: '^[0-9]{13}$' },
        seller: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      required: ['name', 'isbn'],
    };
    const error = failure(schema);
    expect(error.missing).toEqual(['/isbn']);
    expect(error.partial?.data).toEqual({ name: 'Blue Mug', price: 12.5 });
    expect(error.partial?.fields['/price']).toMatchObject({ source: 'text' });
    const relaxed = compileSchema({ ...schema, required: [] });
    expect(relaxed.validate(error.partial?.data)).toBe(true);
  });

  it('has no partial data when the page gave nothing', () => {
    const error = failure({
      type: 'object',
      properties: { isbn: { type: 'string', pattern: '^[0-9]{13}$' } },
      required: ['isbn'],
    });
    expect(error.partial).toBeUndefined();
  });
});
