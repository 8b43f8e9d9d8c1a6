/**
 * Rewrites what changes on every request without a person calling it a change — relative and
 * absolute times, counters, per-request numbers, cache-busting query strings, tokens — into fixed
 * placeholders, so two fetches of an unchanged page read the same. Prices and other figures
 * without a counter word are left alone: they are what monitors watch.
 *
 * Every pattern here is ours and linear (no nested quantifiers over overlapping classes); the
 * caller's own patterns go through ignore-patterns.ts (RE2).
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:mon|tue(?:s)?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?';
const UNIT = '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|[smhdw])';
const SMALL_NUMBER = '(?:an?|\\d+|one|two|three|four|five|six|seven|eight|nine|ten|few|several)';
const COUNTED =
  '(?:views?|viewers?|visitors?|visits?|viewing|watching|online|readers?|reads|likes?|shares?|followers?|subscribers?|downloads?|plays?|comments?|replies|reactions?|people|users?|members?|votes?|times)';

/** [pattern, replacement], applied in order: URLs and tokens first, so their digits are not read as times. */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // Cache-busting and tracking: a URL's query string and fragment say nothing about the page's content.
  [/((?:https?:\/\/|\/)[^\s()<>"'?#]*)[?#][^\s()<>"']*/g, '$1'],
  // Tokens: CSRF values, nonces, session and build ids — long runs mixing letters and digits, or hex.
  [/\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{20,}\b/gi, '<token>'],
  [/\b[0-9a-f]{16,}\b/gi, '<token>'],
  [
    /\b(request|trace|correlation|session|nonce|csrf|build)([\s_-]*(?:id|token|no\.?|number))?\s*[:=#]?\s*[\w-]*\d[\w-]*/gi,
    '$1$2 <id>',
  ],
  // Relative times.
  [
    new RegExp(
      `\\b(?:about |over |almost |less than |nearly )?${SMALL_NUMBER}\\s*${UNIT}\\.?\\s+ago\\b`,
      'gi',
    ),
    '<time>',
  ],
  [new RegExp(`\\bin\\s+${SMALL_NUMBER}\\s+${UNIT}\\b`, 'gi'), 'in <time>'],
  [/\b(?:just now|a moment ago|moments ago|yesterday|today|tonight|tomorrow|last night)\b/gi, '<time>'],
  // Absolute dates and clock times.
  [/\b\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?)?\b/gi, '<date>'],
  [/\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/g, '<date>'],
  [new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`, 'gi'), '<date>'],
  [new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+\\d{4})?\\b`, 'gi'), '<date>'],
  [new RegExp(`\\b${WEEKDAY}\\b,?`, 'gi'), '<day>'],
  [
    /\b\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:\s*[ap]\.?m\.?)?(?:\s*(?:utc|gmt|z|[a-z]{2,4}t|[+-]\d{2}:?\d{2}))?/gi,
    '<time>',
  ],
  [/\b\d{1,2}\s*[ap]\.?m\.?(?=\s|$|[),.;])/gi, '<time>'],
  // Counters and per-request figures ("10,234 views", "visitor number 10234", "generated in 12 ms").
  [new RegExp(`\\b\\d[\\d,.]*\\s*[km]?\\+?\\s+${COUNTED}\\b`, 'gi'), '<n> $&'],
  [/<n> \d[\d,.]*\s*[km]?\+?\s+/gi, '<n> '],
  [/\b(visitor|visit|request|page ?view|hit)s?(\s*(?:number|no\.?|count|#))\s*:?\s*#?\d[\d,]*/gi, '$1$2 <n>'],
  [
    /\b(generated|rendered|served|loaded|built|took|completed|responded|processed)(\s+in)?\s+[\d.,]+\s*(?:ms|milliseconds?|µs|s|secs?|seconds?)\b/gi,
    '$1 in <n>',
  ],
  [/\b\d[\d.,]*\s*(?:ms|milliseconds?|µs)\b/gi, '<n> ms'],
  [/\s+/g, ' '],
];

/** One line of compared text with every volatile figure replaced by its placeholder. */
export function normaliseLine(line: string): string {
  let text = line;
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return text.trim();
}
