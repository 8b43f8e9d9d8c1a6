import { describe, expect, it } from 'vitest';
import { ApiError } from '../src';
import { compileUserPatterns } from '../src/user-patterns';

/** The 422's details, or undefined when nothing was thrown. */
function refusal(patterns: string[], maxLength = 20) {
  try {
    compileUserPatterns(patterns, 'ignore', { maxLength });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    return (error as ApiError).details;
  }
  return undefined;
}

describe('compileUserPatterns', () => {
  it('compiles RE2 patterns, case-insensitive only when asked', () => {
    const [sensitive] = compileUserPatterns(['Weather'], 'ignore', { maxLength: 20 });
    const [insensitive] = compileUserPatterns(['Weather'], 'ignore', {
      maxLength: 20,
      caseInsensitive: true,
    });
    expect(sensitive?.matcher('weather: sunny').find()).toBe(false);
    expect(insensitive?.matcher('weather: sunny').find()).toBe(true);
  });

  it('refuses a pattern too long, invalid, or not linear-time, naming the field and index', () => {
    expect(refusal(['ok', 'x'.repeat(21)])).toMatchObject({ field: 'ignore[1]', reason: 'pattern_too_long' });
    expect(refusal(['(unclosed'])).toMatchObject({ field: 'ignore[0]', reason: 'invalid_pattern' });
    expect(refusal(['ok', '(a)\\1'])).toMatchObject({ field: 'ignore[1]', reason: 'invalid_pattern' });
    expect(refusal(['(?=look)'])).toMatchObject({ reason: 'invalid_pattern', pattern: '(?=look)' });
    expect(refusal(['^/(a+)+$'])).toBeUndefined();
  });
});
