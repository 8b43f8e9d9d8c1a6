/**
 * The article-extraction-benchmark scoring method: lowercase word tokens (Unicode `\w+`, as
 * Python's `re` matches them), multisets of 4-gram shingles, per-page precision and recall.
 */
const TOKEN = /[\p{L}\p{N}\p{M}_]+/gu;

function shingles(text: string, n = 4): Map<string, number> {
  const tokens = text.toLowerCase().match(TOKEN) ?? [];
  const out = new Map<string, number>();
  const count = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < count; i++) {
    const s = tokens.slice(i, i + n).join(' ');
    if (s) out.set(s, (out.get(s) ?? 0) + 1);
  }
  return out;
}

export interface PageScore {
  precision: number;
  recall: number;
}

export function scorePage(expected: string, predicted: string): PageScore {
  const t = shingles(expected);
  const p = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [s, c] of p) {
    const e = t.get(s) ?? 0;
    tp += Math.min(c, e);
    fp += Math.max(0, c - e);
  }
  for (const [s, c] of t) fn += Math.max(0, c - (p.get(s) ?? 0));
  if (fp === 0 && fn === 0) return { precision: 1, recall: 1 };
  if (tp === 0) return { precision: 0, recall: 0 };
  return { precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

export function summarize(scores: PageScore[]): { precision: number; recall: number; f1: number } {
  const precision = scores.reduce((s, x) => s + x.precision, 0) / scores.length;
  const recall = scores.reduce((s, x) => s + x.recall, 0) / scores.length;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

/** Literal `[ ] * ` ~ \\` in code or behind a backslash: private-use stand-ins, separators in the end. */
const LITERAL: Record<string, string> = {
  '*': '\uE000',
  '[': '\uE001',
  ']': '\uE002',
  '`': '\uE003',
  '\\': '\uE004',
  '~': '\uE005',
};
const literal = (s: string): string => s.replace(/[*[\]`\\~]/g, (c) => LITERAL[c] ?? ' ');

/** Inline Markdown to the text it renders; a backslash before ASCII punctuation renders that character (CommonMark). */
function inlineText(md: string): string {
  return md
    .replace(/^\[[^\]]+\]:\s+\S+.*$/gm, ' ')
    .replace(/^\s*(?:>\s*)*\d+[.)]\s/gm, ' ')
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => literal(c))
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _f: string, code: string) => literal(code))
    .replace(/!\[[^\]]*\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '')
    .replace(/!\[[^\]]*\]\[img\d+\]/g, '')
    .replace(/\]\[\d+\](?!\()/g, ']')
    .replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, ']')
    .replace(/<https?:[^>\s]+>/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\*\*|[*[\]]|~~/g, '');
}

/**
 * Plain text of Markdown, i.e. the text a Markdown renderer would show: link URLs, reference
 * definitions, list numbers, code-fence lines and whole images removed, and inline markup (`[`
 * `](url)` of links, `**`/`*` emphasis, `~~`, inline-code backticks) removed *without* putting
 * a separator in its place, so `发表在[科学](u)刊物` scores as `发表在科学刊物`, the text of
 * `发表在<a>科学</a>刊物`. A `<br>` (line break in a GFM table cell) is a line break. Code (fenced blocks, inline spans) and backslash-escaped characters
 * are literal text and stay. Image alt text goes: the expected HTML's text has no attribute
 * values, so keeping alt would count as extra text.
 */
export function markdownToScoringText(md: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let prose: string[] = [];
  for (const line of md.split('\n')) {
    const m = /^\s*(?:>\s*)*(```+|~~~+)/.exec(line);
    if (fence === null && m) {
      out.push(inlineText(prose.join('\n')));
      prose = [];
      fence = (m[1] as string).slice(0, 3);
      out.push(' ');
    } else if (fence !== null) {
      if (m && (m[1] as string).startsWith(fence)) {
        fence = null;
        out.push(' ');
      } else out.push(line);
    } else prose.push(line);
  }
  out.push(inlineText(prose.join('\n')));
  return out.join('\n').replace(/[\uE000-\uE005]/g, ' ');
}
