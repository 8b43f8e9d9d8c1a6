import { ApiError } from '@webcapture/errors';
import { describe, expect, it } from 'vitest';
import { compilePathPatterns, siteScope } from '../src';

describe('compilePathPatterns', () => {
  it('matches anywhere in the path unless anchored, and ignores the host and query', () => {
    const matcher = compilePathPatterns(['^/blog/', 'pricing$'], 'include_paths');
    expect(matcher.matches('https://example.com/blog/post-1')).toBe(true);
    expect(matcher.matches('https://example.com/en/blog/post-1')).toBe(false);
    expect(matcher.matches('https://example.com/pricing?x=1')).toBe(true);
    expect(matcher.matches('/about')).toBe(false);
  });

  it('runs a pattern that backtracking engines take exponential time on, at once', () => {
    const matcher = compilePathPatterns(['^/(a+)+$'], 'exclude_paths');
    const started = performance.now();
    expect(matcher.matches(`/${'a'.repeat(5000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an invalid or non-linear pattern with a 422 naming the field', () => {
    for (const pattern of ['(unclosed', '(a)\\1', '(?=look)']) {
      let error: unknown;
      try {
        compilePathPatterns(['ok', pattern], 'include_paths');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).details).toMatchObject({
        field: 'include_paths[1]',
        reason: 'invalid_pattern',
      });
    }
  });
});

describe('siteScope', () => {
  it('treats www and the bare host as one site, subdomains only when asked', () => {
    const strict = siteScope('https://www.example.com/start', { includeSubdomains: false });
    const wide = siteScope('https://example.com/', { includeSubdomains: true });
    expect(strict.contains('http://example.com/a')).toBe(true);
    expect(strict.contains('https://blog.example.com/a')).toBe(false);
    expect(wide.contains('https://blog.example.com/a')).toBe(true);
    expect(wide.contains('https://notexample.com/a')).toBe(false);
    expect(wide.contains('https://example.com.evil.net/')).toBe(false);
  });
});
