import { describe, expect, it } from 'vitest';
import {
  currencyOf,
  durationMinutes,
  mapEnum,
  parseBoolean,
  parseDate,
  parseNumber,
  parseRating,
} from '../src/coerce';

describe('coercion as a person reads it', () => {
  it('numbers in both decimal conventions, with currency signs and words around them', () => {
    expect(parseNumber('1.299,00 €')).toBe(1299);
    expect(parseNumber('$1,299.99')).toBe(1299.99);
    expect(parseNumber('EUR 11,18')).toBe(11.18);
    expect(parseNumber('1,234 reviews')).toBe(1234);
    expect(parseNumber('no price')).toBeNull();
    expect(currencyOf('1.299,00 €')).toBe('EUR');
    expect(currencyOf('£169')).toBe('GBP');
    expect(currencyOf('CA$ 20')).toBe('CAD');
    expect(currencyOf('20')).toBeNull();
  });

  it('durations to minutes, ratings out of a scale, dates to ISO', () => {
    expect(durationMinutes('PT1H15M')).toBe(75);
    expect(durationMinutes('P0DT0H45M')).toBe(45);
    expect(durationMinutes('13 hours hrs 35 minutes mins')).toBe(815);
    expect(parseRating('4.5 out of 5')).toBe(4.5);
    expect(parseRating('4,7 / 5')).toBe(4.7);
    expect(parseDate('2024-07-17T11:21:03+0100')).toEqual({
      date: '2024-07-17',
      dateTime: '2024-07-17T11:21:03+01:00',
    });
    expect(parseDate('Published: Jan 29, 2025')?.date).toBe('2025-01-29');
    expect(parseDate('23 APR 2024')?.date).toBe('2024-04-23');
    expect(parseDate('2024-02-30')).toBeNull();
  });

  it('page wording onto enum values; availability onto booleans', () => {
    expect(mapEnum('https://schema.org/InStock', ['in_stock', 'out_of_stock'])).toBe('in_stock');
    expect(mapEnum('Sold out', ['in_stock', 'out_of_stock'])).toBe('out_of_stock');
    expect(mapEnum('FULL_TIME', ['Full-time', 'Part-time'])).toBe('Full-time');
    expect(mapEnum('NewCondition', ['new', 'used'])).toBe('new');
    expect(mapEnum('purple', ['in_stock', 'out_of_stock'])).toBeUndefined();
    expect(parseBoolean('http://schema.org/InStock')).toBe(true);
    expect(parseBoolean('Out of stock')).toBe(false);
    expect(parseBoolean('maybe')).toBeUndefined();
  });
});
