/*
 * Token count estimate calibrated against OpenAI's o200k_base BPE (GPT-4o family) via
 * gpt-tokenizer on the benchmark corpora; the measured error is in the package README.
 * Text is split the way the BPE pre-tokenizer splits it (words with their leading space, digit
 * groups, punctuation runs, whitespace); each piece is costed by script and length.
 */

const PIECES = /[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{M}]+|\p{N}{1,3}|[^\s\p{L}\p{N}]+|\s+/gu;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
const NON_ASCII = /[^\p{ASCII}]/u;

/** Characters per token beyond the first, by piece kind (fitted; see README). */
const LATIN_CHARS_PER_TOKEN = 4.2;
const LATIN_FREE_CHARS = 5;
const OTHER_SCRIPT_CHARS_PER_TOKEN = 2.6;
const CJK_TOKENS_PER_CHAR = 0.85;
const PUNCT_CHARS_PER_TOKEN = 2;

export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const m of text.matchAll(PIECES)) {
    const p = m[0];
    const c = p.charCodeAt(0);
    const len = p.length;
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      // Single spaces merge into the next word; newline runs cost about one token each.
      if (len > 1 || c !== 32) tokens += p.includes('\n') ? 1 : 0.5;
      continue;
    }
    if ((c >= 48 && c <= 57) || (c > 127 && /^\p{N}/u.test(p))) {
      tokens += 1;
      continue;
    }
    if (!NON_ASCII.test(p)) {
      if (/^[A-Za-z]/.test(p))
        tokens += len <= LATIN_FREE_CHARS ? 1 : 1 + (len - LATIN_FREE_CHARS) / LATIN_CHARS_PER_TOKEN;
      else tokens += Math.ceil(len / PUNCT_CHARS_PER_TOKEN);
      continue;
    }
    const cjk = p.match(CJK)?.length ?? 0;
    tokens += cjk * CJK_TOKENS_PER_CHAR + Math.max(cjk ? 0 : 1, (len - cjk) / OTHER_SCRIPT_CHARS_PER_TOKEN);
  }
  return Math.round(tokens);
}
