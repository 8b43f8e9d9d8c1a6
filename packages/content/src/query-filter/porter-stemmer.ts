/**
 * Porter (1980) English stemmer: maps inflected forms onto one stem ("connected", "connecting",
 * "connection" → "connect") so BM25 matches a query against any form of its words.
 */

const STEP2: Record<string, string> = {
  ational: 'ate',
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  izer: 'ize',
  bli: 'ble',
  alli: 'al',
  entli: 'ent',
  eli: 'e',
  ousli: 'ous',
  ization: 'ize',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  iveness: 'ive',
  fulness: 'ful',
  ousness: 'ous',
  aliti: 'al',
  iviti: 'ive',
  biliti: 'ble',
  logi: 'log',
};
const STEP3: Record<string, string> = {
  icate: 'ic',
  ative: '',
  alize: 'al',
  iciti: 'ic',
  ical: 'ic',
  ful: '',
  ness: '',
};
const STEP2_RE =
  /(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const STEP3_RE = /(icate|ative|alize|iciti|ical|ful|ness)$/;
const STEP4_RE = /(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;

const C = '[^aeiou]';
const V = '[aeiouy]';
const CS = `${C}[^aeiouy]*`;
const VS = `${V}[aeiou]*`;
const MGR0 = new RegExp(`^(${CS})?${VS}${CS}`);
const MEQ1 = new RegExp(`^(${CS})?${VS}${CS}(${VS})?$`);
const MGR1 = new RegExp(`^(${CS})?${VS}${CS}${VS}${CS}`);
const HAS_VOWEL = new RegExp(`^(${CS})?${V}`);
const CVC = new RegExp(`^${CS}${V}[^aeiouwxy]$`);

export function stem(word: string): string {
  if (word.length < 3) return word;
  let w = word;
  const firstY = w[0] === 'y';
  if (firstY) w = `Y${w.slice(1)}`;

  // Step 1a
  if (/(ss|i)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^s]s$/.test(w)) w = w.slice(0, -1);

  // Step 1b
  let m = /^(.+?)eed$/.exec(w);
  if (m) {
    if (MGR0.test(m[1] as string)) w = w.slice(0, -1);
  } else {
    m = /^(.+?)(ed|ing)$/.exec(w);
    if (m && HAS_VOWEL.test(m[1] as string)) {
      w = m[1] as string;
      if (/(at|bl|iz)$/.test(w)) w += 'e';
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      else if (CVC.test(w)) w += 'e';
    }
  }

  // Step 1c
  m = /^(.+?)y$/.exec(w);
  if (m && HAS_VOWEL.test(m[1] as string)) w = `${m[1]}i`;

  // Step 2
  m = STEP2_RE.exec(w);
  if (m) {
    const base = w.slice(0, -(m[1] as string).length);
    if (MGR0.test(base)) w = base + STEP2[m[1] as string];
  }

  // Step 3
  m = STEP3_RE.exec(w);
  if (m) {
    const base = w.slice(0, -(m[1] as string).length);
    if (MGR0.test(base)) w = base + STEP3[m[1] as string];
  }

  // Step 4
  m = STEP4_RE.exec(w);
  if (m) {
    const base = w.slice(0, -(m[1] as string).length);
    if (MGR1.test(base)) w = base;
  } else {
    m = /^(.+?)(s|t)(ion)$/.exec(w);
    if (m && MGR1.test(`${m[1]}${m[2]}`)) w = `${m[1]}${m[2]}`;
  }

  // Step 5
  m = /^(.+?)e$/.exec(w);
  if (m) {
    const base = m[1] as string;
    if (MGR1.test(base) || (MEQ1.test(base) && !CVC.test(base))) w = base;
  }
  if (/ll$/.test(w) && MGR1.test(w)) w = w.slice(0, -1);

  if (firstY) w = `y${w.slice(1)}`;
  return w;
}
