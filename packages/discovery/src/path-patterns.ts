import { invalidField } from '@webcapture/errors';
import { RE2JS } from 're2js';

/**
 * A caller's path patterns (the crawl's include_paths / exclude_paths), compiled with RE2's
 * linear-time engine: a hostile pattern such as `(a+)+$` cannot stall a worker, and constructs
 * RE2 cannot run in linear time (backreferences, lookaround) are refused rather than executed.
 * A pattern matches when it is found anywhere in the URL's path (anchor with `^`/`$`).
 */
export interface PathMatcher {
  /** True when any pattern is found in the path of `url` (a URL string or a bare path). */
  matches(url: string): boolean;
  readonly size: number;
}

export const MAX_PATTERN_LENGTH = 1000;

/** Throws 422 validation_error `{field: "<field>[i]", reason: "invalid_pattern"}` for a bad pattern. */
export function compilePathPatterns(patterns: readonly string[], field: string): PathMatcher {
  const compiled = patterns.map((pattern, index) => {
    const where = `${field}[${index}]`;
    if (pattern.length > MAX_PATTERN_LENGTH) {
      throw invalidField(`${where} is longer than ${MAX_PATTERN_LENGTH} characters.`, {
        field: where,
        reason: 'pattern_too_long',
      });
    }
    try {
      return RE2JS.compile(pattern);
    } catch (error) {
      throw invalidField(`${where} is not a valid regular expression (RE2 syntax).`, {
        field: where,
        reason: 'invalid_pattern',
        pattern,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return {
    size: compiled.length,
    matches(url) {
      const path = pathOf(url);
      return compiled.some((re) => re.matcher(path).find());
    },
  };
}

function pathOf(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
