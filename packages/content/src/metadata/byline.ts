/** "By Jane Roe", "By Jane Roe and John Doe", "Par Sébastien Farcis": capitalized name words only. */
const NAME_WORD = "\\p{Lu}[\\p{L}\\p{M}'’.-]*";

export const BY_NAME = new RegExp(
  `^(?:[Bb]y|BY|[Pp]ar|PAR|[Vv]on|VON|[Pp]or|POR)\\s+${NAME_WORD}(?:\\s+(?:${NAME_WORD}|de|van|von|der|den|da|di|du|le|la|bin|al)){0,5}(?:\\s*(?:,|and|&|und|et|y)\\s+${NAME_WORD}(?:\\s+${NAME_WORD}){0,4})*$`,
  'u',
);

/** A byline's leading "By" (and its translations) — presentation, not part of the name. */
const BY_PREFIX = /^(?:by|par|von|por|door|di|da|av|af|przez|автор:?)\s+/i;

/** "By …" and its translations at the start of a text (after whitespace). */
export const BY_LEAD = /^\s*(?:by|par|von|por)\s/i;

/**
 * Whether BY_LEAD may match `text`, from its first character: asked of most blocks of a page, and
 * most start with an ASCII character that is neither whitespace nor `b`, `p` or `v` (either case).
 */
export function mayLeadWithBy(text: string): boolean {
  const lower = text.charCodeAt(0) | 0x20;
  // ASCII whitespace (tab to carriage return, space) becomes 0x29-0x2d and 0x20 here.
  return (
    lower >= 0x80 ||
    lower === 0x62 ||
    lower === 0x70 ||
    lower === 0x76 ||
    lower === 0x20 ||
    (lower >= 0x29 && lower <= 0x2d)
  );
}

const MONTH_OR_DAY =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b/i;

/** A "dateline" holding only a date or time is not a byline: names have no years or clock times. */
export function looksLikeDate(t: string): boolean {
  if (!/\d/.test(t)) return false;
  if (!Number.isNaN(Date.parse(t))) return true;
  return /\b\d{1,2}:\d{2}\b/.test(t) || (/\b(?:19|20)\d{2}\b/.test(t) && MONTH_OR_DAY.test(t));
}

/** Byline text without a leading "By"/"Par"/"Von"… and surrounding punctuation. */
export function bylineName(t: string): string {
  return t
    .trim()
    .replace(BY_PREFIX, '')
    .replace(/^[\s:|,–—-]+|[\s|,–—-]+$/g, '')
    .trim();
}
