import { createHash } from 'node:crypto';

/** Fewer words than this carry too little to tell pages apart: no fingerprint. */
const MIN_WORDS = 8;

/**
 * The SimHash (64 bits, 16 hex digits) of a page's main text over its 3-word shingles: pages
 * whose text differs in a few words (a date, a counter, a session id in a link) land within a few
 * bits of each other, unrelated pages about 32 bits apart. Undefined for a page with almost no text.
 */
export function contentFingerprint(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < MIN_WORDS) return undefined;
  const weights = new Array<number>(64).fill(0);
  for (let i = 0; i + 2 < words.length; i++) {
    const digest = createHash('md5')
      .update(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
      .digest();
    for (let bit = 0; bit < 64; bit++) {
      weights[bit] = (weights[bit] as number) + ((digest[bit >> 3] as number) & (1 << (bit & 7)) ? 1 : -1);
    }
  }
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) if ((weights[nibble * 4 + bit] as number) > 0) value |= 1 << bit;
    hex += value.toString(16);
  }
  return hex;
}
