import { tokens } from './vocabulary';

/** Currency signs and words → ISO 4217 codes. */
const CURRENCY_SIGNS: [RegExp, string][] = [
  [/€|\beur(os?)?\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/₹|\binr\b|\brs\.?/i, 'INR'],
  [/¥|\bjpy\b|円/i, 'JPY'],
  [/\bCA\$|\bC\$|\bcad\b/i, 'CAD'],
  [/\bA\$|\bAU\$|\baud\b/i, 'AUD'],
  [/\bchf\b|\bFr\./i, 'CHF'],
  [/\bsek\b|\bkr\b/i, 'SEK'],
  [/zł|\bpln\b/i, 'PLN'],
  [/\$|\busd\b|\bdollars?\b/i, 'USD'],
];

export function currencyOf(text: string): string | null {
  for (const [pattern, code] of CURRENCY_SIGNS) if (pattern.test(text)) return code;
  const iso = /\b([A-Z]{3})\b/.exec(text);
  return iso?.[1] ?? null;
}

/**
 * A number as a person reads it: "1.299,00 €" → 1299, "$1,299.99" → 1299.99, "4.5 out of 5" →
 * 4.5, "1,234 reviews" → 1234. null when the text holds no number.
 */
export function parseNumber(text: string): number | null {
  const match = /-?\d[\d\s.,'’]*/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) return null;
  let digits = match[0].replace(/[\s'’]/g, '').replace(/[.,]$/, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // The later separator is the decimal one.
    digits = lastComma > lastDot ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const decimals = digits.length - lastComma - 1;
    const commas = digits.split(',').length - 1;
    digits = commas === 1 && decimals !== 3 ? digits.replace(',', '.') : digits.replace(/,/g, '');
  } else if (lastDot >= 0) {
    const dots = digits.split('.').length - 1;
    const decimals = digits.length - lastDot - 1;
    if (dots > 1 || (decimals === 3 && /^\d{1,3}\.\d{3}$/.test(digits) && /[€]|eur/i.test(text))) {
      digits = digits.replace(/\./g, '');
    }
  }
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}

/** ISO 8601 duration (PT1H15M, P0DT0H45M) → minutes; also "1 hr 15 mins". */
export function durationMinutes(text: string): number | null {
  const iso =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      text.trim(),
    );
  if (iso && (iso[1] || iso[2] || iso[3] || iso[4])) {
    const [d, h, m, s] = [iso[1], iso[2], iso[3], iso[4]].map((v) => Number(v ?? 0)) as [
      number,
      number,
      number,
      number,
    ];
    return Math.round(d * 1440 + h * 60 + m + s / 60);
  }
  const hours = /(\d+(?:\.\d+)?)\s*(?:(?:to|-|–)\s*\d+(?:\.\d+)?\s*)?(?:h|hr|hrs|hours?|std)\b/i.exec(text);
  // "45 to 55 mins": the lower bound, as for a salary's range.
  const minutes = /(\d+)\s*(?:(?:to|-|–)\s*\d+\s*)?(?:m|min|mins|minutes?)\b/i.exec(text);
  if (hours || minutes) return Math.round(Number(hours?.[1] ?? 0) * 60 + Number(minutes?.[1] ?? 0));
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date in any common writing → YYYY-MM-DD (and the time, when there is one). */
export function parseDate(text: string): { date: string; dateTime: string | null } | null {
  const trimmed = text.trim();
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?/.exec(
      trimmed,
    );
  if (iso) {
    const date = `${iso[1]}-${iso[2]}-${iso[3]}`;
    if (!validDate(date)) return null;
    if (!iso[4]) return { date, dateTime: null };
    const zone = iso[8] ? (iso[8] === 'Z' ? 'Z' : iso[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
    return { date, dateTime: `${date}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}${iso[7] ?? ''}${zone}` };
  }
  const named =
    /(\d{1,2})(?:st|nd|rd|th)?\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})|([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/.exec(
      trimmed,
    );
  if (named) {
    const day = named[1] ?? named[5];
    const month = MONTHS.indexOf((named[2] ?? named[4] ?? '').slice(0, 3).toLowerCase());
    const year = named[3] ?? named[6];
    if (month >= 0 && day && year) {
      const date = `${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
      if (validDate(date)) return { date, dateTime: null };
    }
  }
  const numeric = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/.exec(trimmed);
  if (numeric) {
    // 03/04/2024 is ambiguous; a day above 12 settles it, otherwise day-first unless '/' (US).
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const usFirst = trimmed.includes('/') && a <= 12;
    const [month, day] = a > 12 ? [b, a] : usFirst ? [a, b] : [b, a];
    const date = `${numeric[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (validDate(date)) return { date, dateTime: null };
  }
  const ts = Number(trimmed);
  if (/^\d{10}(\d{3})?$/.test(trimmed) && Number.isFinite(ts)) {
    const d = new Date(trimmed.length === 10 ? ts * 1000 : ts);
    return { date: d.toISOString().slice(0, 10), dateTime: d.toISOString() };
  }
  return null;
}

function validDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(date);
}

/** "4.5 out of 5", "Rated 4.5/5", "4,5 stars" → 4.5. */
export function parseRating(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(?:\/|out of|of|von|sur)\s*(\d+)/i.exec(text);
  if (match?.[1]) return Number(match[1].replace(',', '.'));
  return parseNumber(text);
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'in',
  'on',
  'is',
  'and',
  'or',
  'to',
  'schema',
  'org',
  'http',
  'https',
  'www',
]);

/** Page wording → one of the allowed values ("http://schema.org/InStock" → "in_stock"). */
export function mapEnum(text: string, allowed: readonly unknown[]): unknown {
  const wanted = enumWords(text);
  if (!wanted.length) return undefined;
  const joined = wanted.join('');
  let best: unknown;
  let bestScore = 0;
  for (const option of allowed) {
    if (option === null || typeof option === 'object') continue;
    const words = enumWords(String(option));
    if (!words.length) continue;
    if (words.join('') === joined) return option;
    const shared = words.filter((w) => wanted.includes(w)).length;
    let score = shared / Math.max(words.length, wanted.length);
    if (!shared && (joined.includes(words.join('')) || words.join('').includes(joined))) score = 0.6;
    if (score > bestScore) {
      bestScore = score;
      best = option;
    }
  }
  if (bestScore >= 0.5) return best;
  return ENUM_SYNONYMS(wanted, allowed);
}

function enumWords(text: string): string[] {
  return tokens(text.replace(/^https?:\/\/schema\.org\//i, '')).filter((w) => !STOP.has(w));
}

/** Availability and condition wording that shares no word with the allowed value. */
const SYNONYM_GROUPS = [
  ['instock', 'available', 'yes', 'true', 'onlineonly', 'limitedavailability', 'instoreonly', 'in'],
  ['outofstock', 'soldout', 'unavailable', 'no', 'false', 'discontinued', 'out'],
  ['preorder', 'presale', 'backorder', 'comingsoon'],
  ['newcondition', 'new', 'brandnew'],
  ['usedcondition', 'used', 'secondhand', 'preowned'],
  ['refurbishedcondition', 'refurbished', 'renewed'],
  ['fulltime', 'full', 'permanent'],
  ['parttime', 'part'],
];

function ENUM_SYNONYMS(wanted: string[], allowed: readonly unknown[]): unknown {
  const key = wanted.join('');
  const group = SYNONYM_GROUPS.find((g) => g.includes(key));
  if (!group) return undefined;
  for (const option of allowed) {
    if (typeof option !== 'string' && typeof option !== 'boolean') continue;
    const optionKey = enumWords(String(option)).join('');
    if (group.includes(optionKey)) return option;
  }
  return undefined;
}

/** Availability and yes/no wording → boolean; undefined when it says neither. */
export function parseBoolean(text: string): boolean | undefined {
  const key = tokens(text.replace(/^https?:\/\/schema\.org\//i, '')).join('');
  if (SYNONYM_GROUPS[0]?.includes(key) || /^(instock|in stock|yes|true|available|1)$/i.test(text.trim()))
    return true;
  if (SYNONYM_GROUPS[1]?.includes(key) || /^(no|false|0|sold out|out of stock)$/i.test(text.trim()))
    return false;
  return undefined;
}

/** What unit a numeric property wants for a duration, from its words. */
export function durationUnit(words: string): 'minutes' | 'hours' | 'seconds' | null {
  if (/\bminutes?\b|\bmins?\b|_min\b|minutes/i.test(words)) return 'minutes';
  if (/\bhours?\b|\bhrs?\b/i.test(words)) return 'hours';
  if (/\bseconds?\b|\bsecs?\b/i.test(words)) return 'seconds';
  return null;
}
