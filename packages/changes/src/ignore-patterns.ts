import { invalidField } from '@webcapture/errors';
import { RE2JS } from 're2js';

/** The caller's `ignore` patterns: text they match is removed before comparing. */
export interface IgnoreRules {
  strip(line: string): string;
}

export const MAX_IGNORE_PATTERN_LENGTH = 500;

/**
 * Compiled with RE2's linear-time engine (as discovery's path patterns are), so a hostile pattern
 * such as `(a+)+$` cannot stall a check; what RE2 cannot run in linear time (backreferences,
 * lookaround) is refused. Throws 422 validation_error `{field: "ignore[i]", reason}` for a bad one.
 */
export function compileIgnorePatterns(patterns: readonly string[], field = 'ignore'): IgnoreRules {
  const compiled = patterns.map((pattern, index) => {
    const where = `${field}[${index}]`;
    if (pattern.length > MAX_IGNORE_PATTERN_LENGTH) {
      throw invalidField(`${where} is longer than ${MAX_IGNORE_PATTERN_LENGTH} characters.`, {
        field: where,
        reason: 'pattern_too_long',
      });
    }
    try {
      return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
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
    strip: (line) => compiled.reduce((text, re) => re.matcher(text).replaceAll(''), line),
  };
}
