import { compileUserPatterns } from '@webcapture/errors/user-patterns';

/** The caller's `ignore` patterns: text they match is removed before comparing. */
export interface IgnoreRules {
  strip(line: string): string;
}

export const MAX_IGNORE_PATTERN_LENGTH = 500;

/**
 * Case-insensitive, compiled with RE2's linear-time engine (compileUserPatterns, as a crawl's path
 * patterns are), so a hostile pattern such as `(a+)+$` cannot stall a check. Throws 422
 * validation_error `{field: "ignore[i]", reason}` for a bad one.
 */
export function compileIgnorePatterns(patterns: readonly string[], field = 'ignore'): IgnoreRules {
  const compiled = compileUserPatterns(patterns, field, {
    maxLength: MAX_IGNORE_PATTERN_LENGTH,
    caseInsensitive: true,
  });
  return {
    strip: (line) => compiled.reduce((text, re) => re.matcher(text).replaceAll(''), line),
  };
}
