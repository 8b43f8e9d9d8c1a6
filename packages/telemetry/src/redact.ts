/**
 * What never leaves in a log line: API keys (`sk_test_…`/`sk_live_…`), webhook signing secrets
 * (`whsec_…`) wherever they appear, and the values of fields that carry credentials by name (an
 * Authorization header, a cookie), as an operator may turn on event logging (POWERTOOLS_LOGGER_LOG_EVENT).
 */

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\bsk_(test|live)_[A-Za-z0-9]+/g, 'sk_$1_[redacted]'],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, 'whsec_[redacted]'],
];

const CREDENTIAL_FIELDS = new Set(['authorization', 'cookie', 'set-cookie', 'api_key', 'secret']);

export const REDACTED = '[redacted]';

export function redactText(text: string): string {
  let redacted = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

/** A JSON.stringify replacer (the logger's `jsonReplacerFn`): runs on every key and value of a line. */
export function redactSecrets(key: string, value: unknown): unknown {
  if (CREDENTIAL_FIELDS.has(key.toLowerCase()) && value !== undefined && value !== null) return REDACTED;
  return typeof value === 'string' ? redactText(value) : value;
}
