import { compileUserPatterns } from '@webcapture/errors/user-patterns';

/**
 * A caller's path patterns (the crawl's include_paths / exclude_paths), compiled with RE2's
 * linear-time engine (compileUserPatterns): a hostile pattern such as `(a+)+$` cannot stall a worker.
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
  const compiled = compileUserPatterns(patterns, field, { maxLength: MAX_PATTERN_LENGTH });
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
