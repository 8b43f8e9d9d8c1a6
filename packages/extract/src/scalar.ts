import { authorFromByline } from './bylines';
import {
  currencyOf,
  durationMinutes,
  durationUnit,
  mapEnum,
  parseBoolean,
  parseDate,
  parseNumber,
  parseRating,
} from './coerce';
import type { FillContext } from './fill-context';
import { type Entity, isEntity, type PageValue } from './page-model';
import { tokens } from './vocabulary';

type Obj = Record<string, unknown>;

const PERSON_WORDS = /\b(authors?|writers?|creators?|contributors?|bylines?)\b/i;

/** The text an entity stands for when a string is wanted (a Person → its name). */
function entityText(entity: Entity, wantsUrl: boolean): string | number | undefined {
  const order = wantsUrl
    ? ['url', 'contentUrl', '@id', 'name']
    : ['name', 'text', 'headline', 'value', 'url', 'contentUrl'];
  for (const key of order) {
    if (key === '@id') {
      if (entity.id && /^https?:/.test(entity.id)) return entity.id;
      continue;
    }
    const first = entity.props.get(key)?.find((v) => !isEntity(v.value));
    if (first) return first.value as string | number;
  }
  // <div itemprop="brand" itemscope><meta itemprop="brand" content="Rode"></div>: its one text.
  for (const values of entity.props.values()) {
    const first = values.find((v) => typeof v.value === 'string');
    if (first && entity.props.size <= 2) return first.value as string;
  }
  return undefined;
}

/** Properties whose value may well end in a date (a date itself, a description, a body). */
const DATED_WORDS = /date|time|published|posted|year|when|descri|summary|body|text|content|headline|title/i;

const DATE_WORDS =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|(?<=\d)(?:st|nd|rd|th)\b/gi;

/** "Little, Brown, and Company - May 1, 1991" → "Little, Brown, and Company": a name is not its date. */
function withoutDateTail(text: string): string {
  for (const cut of text.matchAll(/\s+[-–—|·]\s+|\s*\(|,\s+/g)) {
    const rest = text
      .slice((cut.index ?? 0) + cut[0].length)
      .replace(/\)\s*$/, '')
      .trim();
    // The whole rest is a date: a day, a month's name, a year and nothing much else.
    const words = rest.replace(DATE_WORDS, '');
    if (
      rest.length <= 25 &&
      /\d{4}/.test(rest) &&
      !/\p{L}/u.test(words) &&
      parseDate(rest) &&
      (cut.index ?? 0) >= 2
    )
      return text.slice(0, cut.index).trim();
  }
  return text;
}

export interface Placed {
  value: unknown;
  confidence: number;
}

/** Coerces one page value to a scalar of the schema; undefined when it cannot be one. */
/** Two or more telephone numbers in one value, by comma, semicolon, slash or "or". */
const PHONE_LIST = /^(\+?[\d(][\d\s().-]{5,}\d)\s*(?:[,;/]|\bor\b)\s*\+?[\d(][\d\s().-]{5,}\d$/i;

export function coerceScalar(
  raw: PageValue['value'],
  type: string,
  schema: Obj,
  words: string,
  ctx: FillContext,
): Placed | undefined {
  const format = typeof schema.format === 'string' ? schema.format : '';
  const wantsUrl =
    /^(uri|iri|uri-reference|iri-reference|url)$/.test(format) ||
    /\b(url|link|href|image|photo|thumbnail|picture)s?\b/i.test(tokens(words).join(' '));
  const value: string | number | boolean | undefined = isEntity(raw) ? entityText(raw, wantsUrl) : raw;
  if (value === undefined) return undefined;
  let confidence = 1;
  if (Array.isArray(schema.enum)) {
    if (schema.enum.includes(value)) return { value, confidence };
    const mapped = mapEnum(String(value), schema.enum);
    return mapped === undefined ? undefined : { value: mapped, confidence: 0.9 };
  }
  switch (type) {
    case 'string': {
      let text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : String(value);
      if (!text) return undefined;
      // A profile link is no author name: URLs only where the property asks for one.
      if (!wantsUrl && /^https?:\/\/\S+$/.test(text)) return undefined;
      if (!wantsUrl && PERSON_WORDS.test(words)) {
        // "By Jane Doe · 5 May": the name; "@handle" and a date are none.
        const name = authorFromByline(text);
        if (!name) return undefined;
        if (name !== text) confidence = 0.95;
        text = name;
      }
      if (format !== 'date' && format !== 'date-time' && !DATED_WORDS.test(words))
        text = withoutDateTail(text);
      // "+34983878011, +34659843463": one number where a property asks for a telephone.
      const phones = /\b(?:tele)?phone|\btel\b|\bfax\b|\bmobile\b/i.test(words)
        ? PHONE_LIST.exec(text)
        : null;
      if (phones?.[1]) {
        text = phones[1].trim();
        confidence = 0.9;
      }
      if (/currency/i.test(words) && !/^[A-Z]{3}$/.test(text)) {
        const code = currencyOf(text);
        if (!code) return undefined;
        text = code;
        confidence = 0.9;
      }
      if (format === 'date' || format === 'date-time') {
        const parsed = parseDate(text);
        if (!parsed) return undefined;
        const out = format === 'date' ? parsed.date : parsed.dateTime;
        if (!out) return undefined;
        confidence = out === text ? 1 : 0.95;
        text = out;
      } else if (wantsUrl && format) {
        const resolved = ctx.resolver.resolve(text);
        if (!resolved || !/^https?:/.test(resolved)) return undefined;
        text = resolved;
      } else if (format === 'email') {
        const email = /[^\s:@<>"]+@[^\s@<>"]+\.[a-z]{2,}/i.exec(text)?.[0];
        if (!email) return undefined;
        text = email;
      }
      if (typeof schema.pattern === 'string') {
        try {
          const re = new RegExp(schema.pattern, 'u');
          if (!re.test(text)) {
            const rewritten = patternForm(text, re, words);
            if (rewritten !== undefined) {
              text = rewritten;
              confidence *= 0.95;
            }
          }
          if (!re.test(text)) {
            // An identifier inside a longer text ("ISBN: 978-…"): the part that matches.
            const inner = new RegExp(schema.pattern.replace(/^\^/, '').replace(/\$$/, ''), 'u').exec(
              text,
            )?.[0];
            if (!inner || !re.test(inner)) return undefined;
            text = inner;
            confidence *= 0.9;
          }
        } catch {
          // ajv accepted the pattern in unicode mode; a failure here only skips the rescue.
        }
      }
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
      if (
        max !== undefined &&
        [...text].length > max &&
        /descri|summary|body|text|content|abstract|excerpt/i.test(words)
      ) {
        const cut = [...text].slice(0, max).join('');
        text = cut.replace(/\s+\S*$/, '') || cut;
        confidence *= 0.8;
      }
      return { value: text, confidence };
    }
    case 'number':
    case 'integer': {
      let n: number | null;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'boolean') return undefined;
      else {
        const text = value;
        const unit = durationUnit(words);
        const isIsoDuration = /^P(T|\d)/i.test(text.trim());
        if (isIsoDuration || (unit && /\d\s*(h|hr|hrs|hours?|m|min|mins|minutes?)\b/i.test(text))) {
          const minutes = durationMinutes(text);
          if (minutes === null) return undefined;
          n = unit === 'hours' ? minutes / 60 : unit === 'seconds' ? minutes * 60 : minutes;
          confidence = 0.95;
        } else if (/rating|stars?|score/i.test(words)) n = parseRating(text);
        else n = parseNumber(text);
        if (typeof value === 'string' && n !== null && String(n) !== value.trim())
          confidence = Math.min(confidence, 0.95);
      }
      if (n === null || !Number.isFinite(n)) return undefined;
      if (type === 'integer' && !Number.isInteger(n)) return undefined;
      return { value: n, confidence };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { value, confidence };
      const b = parseBoolean(String(value));
      return b === undefined ? undefined : { value: b, confidence: 0.9 };
    }
    default:
      return undefined;
  }
}

/**
 * The same value in the form a pattern asks for: an identifier without its hyphens and spaces
 * ("978-0-7352-1129-2" → "9780735211292"), a date in words as far as it goes ("June 2010" →
 * "2010-06" where the pattern takes a month; never a day the page does not give).
 */
function patternForm(text: string, pattern: RegExp, words: string): string | undefined {
  const compact = text.replace(/^[^\d]*?(?=\d)/, '').replace(/[\s-]/g, '');
  if (/\d{6,}/.test(compact)) {
    const digits = /^[\dXx]+/.exec(compact)?.[0];
    if (digits && pattern.test(digits)) return digits;
  }
  if (!/date|published|released|year|issued|when/i.test(words)) return undefined;
  const day = parseDate(text)?.date;
  const month = day?.slice(0, 7) ?? monthOf(text);
  const year = month?.slice(0, 4) ?? /\b(1[5-9]\d\d|20\d\d)\b/.exec(text)?.[1];
  return [day, month, year].find((form) => form !== undefined && pattern.test(form));
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "June 2010", "Jun. 2010" → "2010-06". */
function monthOf(text: string): string | undefined {
  const m = /\b([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  const index = m?.[1] ? MONTH_NAMES.indexOf(m[1].slice(0, 3).toLowerCase()) : -1;
  return m && index >= 0 ? `${m[2]}-${String(index + 1).padStart(2, '0')}` : undefined;
}
