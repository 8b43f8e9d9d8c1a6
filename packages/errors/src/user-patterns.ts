import { RE2JS } from 're2js';
import { invalidField } from './index';

export interface UserPatternOptions {
  /** Longer patterns are refused (reason `pattern_too_long`). */
  maxLength: number;
  caseInsensitive?: boolean;
}

/**
 * A caller's regular expressions (a crawl's include_paths, a monitor's ignore), compiled with
 * RE2's linear-time engine: a hostile pattern such as `(a+)+$` cannot stall a worker, and what RE2
 * cannot run in linear time (backreferences, lookaround) is refused rather than executed. Throws
 * 422 validation_error `{field: "<field>[i]", reason: "pattern_too_long" | "invalid_pattern"}`.
 */
export function compileUserPatterns(
  patterns: readonly string[],
  field: string,
  { maxLength, caseInsensitive = false }: UserPatternOptions,
): RE2JS[] {
  return patterns.map((pattern, index) => {
    const where = `${field}[${index}]`;
    if (pattern.length > maxLength) {
      throw invalidField(`${where} is longer than ${maxLength} characters.`, {
        field: where,
        reason: 'pattern_too_long',
      });
    }
    try {
      return RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    } catch (error) {
      throw invalidField(`${where} is not a valid regular expression (RE2 syntax).`, {
        field: where,
        reason: 'invalid_pattern',
        pattern,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
