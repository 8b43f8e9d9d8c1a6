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

/**
 * Plain text of Markdown with link URLs, reference definitions and whole images removed. Image
 * alt text goes too: the expected HTML's text has no attribute values, so keeping alt would
 * count as extra text.
 */
export function markdownToScoringText(md: string): string {
  return md
    .replace(/!\[(?:[^\]\\]|\\.)*\]\((?:[^()\s]|\([^()\s]*\))*\)/g, ' ')
    .replace(/!\[(?:[^\]\\]|\\.)*\]\[[^\]]*\]/g, ' ')
    .replace(/^\[[^\]]+\]:\s+\S+.*$/gm, ' ')
    .replace(/^\s*(?:>\s*)*\d+[.)]\s/gm, ' ')
    .replace(/^\s*(?:```|~~~)\S*\s*$/gm, ' ')
    .replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '] ')
    .replace(/<https?:[^>\s]+>/g, ' ');
}
