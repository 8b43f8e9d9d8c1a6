import { type Elem, innerText } from '../parse';
import { stem } from './porter-stemmer';

/** Okapi BM25 parameters and keep threshold, the same defaults as Crawl4AI's BM25ContentFilter. */
const K1 = 1.2;
const B = 0.75;
const BM25_THRESHOLD = 1.0;

/** Emphasis multipliers per chunk tag (Crawl4AI's priority tags): a hit in a heading counts more. */
const TAG_WEIGHTS: Record<string, number> = {
  h1: 5,
  h2: 4,
  h3: 3,
  h4: 2.5,
  h5: 2,
  h6: 2,
  title: 4,
  strong: 2,
  b: 1.5,
  em: 1.5,
  blockquote: 2,
  code: 2,
  pre: 1.5,
  th: 1.5,
  dt: 1.5,
};

const CHUNK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'pre',
  'blockquote',
  'table',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'tr',
  'address',
  'summary',
]);
const HEADING_RANK: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'body',
  'td',
  'th',
  'span',
  'header',
  'footer',
  'aside',
  'nav',
  'form',
  'center',
]);

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have he her his i if in into is it its me my no not of on or our she so than that the their them then there these they this to was we were what when where which who why will with you your'.split(
    ' ',
  ),
);

/** The terms BM25 counts in a text: lower-cased words and numbers, stopwords left out, Porter-stemmed. */
export function bm25Terms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (!STOPWORDS.has(w)) out.push(stem(w));
  }
  return out;
}

/** The statistics of the collection a term is scored in: its size, mean length, and the term's document frequency. */
export interface Bm25Collection {
  documents: number;
  averageLength: number;
  documentFrequency: number;
}

/** Okapi BM25's contribution of one query term occurring `tf` times in a document of `length` terms. */
export function bm25TermScore(tf: number, length: number, collection: Bm25Collection): number {
  if (!tf) return 0;
  const { documents: n, averageLength, documentFrequency: d } = collection;
  const idf = Math.log((n - d + 0.5) / (d + 0.5) + 1);
  return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
}

interface Chunk {
  el: Elem;
  terms: string[];
  weight: number;
}

/** Outermost block elements holding text; a container with loose text of its own is a chunk too. */
function collectChunks(root: Elem, out: Elem[]): void {
  for (const c of root.children) {
    if (c.type !== 1) continue;
    if (CHUNK_TAGS.has(c.tag)) out.push(c);
    else if (CONTAINERS.has(c.tag) && c.children.some((k) => k.type === 3 && k.text.trim())) out.push(c);
    else collectChunks(c, out);
  }
}

/**
 * BM25-scores each content chunk against the query and returns the chunks to drop. A heading is
 * kept when a chunk it introduces is kept, so surviving passages keep their section titles, and a
 * heading that matches keeps its whole section.
 */
export function bm25Reject(root: Elem, query: string): Set<Elem> {
  const queryTerms = [...new Set(bm25Terms(query))];
  const elements: Elem[] = [];
  collectChunks(root, elements);
  const chunks: Chunk[] = elements.map((el) => ({
    el,
    terms: bm25Terms(innerText(el)),
    weight: TAG_WEIGHTS[el.tag] ?? 1,
  }));
  const rejected = new Set<Elem>();
  if (queryTerms.length === 0 || chunks.length === 0) return rejected;
  const df = new Map<string, number>();
  let totalLength = 0;
  for (const ch of chunks) {
    totalLength += ch.terms.length;
    for (const t of new Set(ch.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = chunks.length;
  const avgLength = totalLength / n || 1;
  const keep: boolean[] = chunks.map((ch) => {
    if (ch.terms.length === 0) return false;
    let score = 0;
    for (const q of queryTerms) {
      let tf = 0;
      for (const t of ch.terms) if (t === q) tf++;
      score += bm25TermScore(tf, ch.terms.length, {
        documents: n,
        averageLength: avgLength,
        documentFrequency: df.get(q) ?? 0,
      });
    }
    return score * ch.weight >= BM25_THRESHOLD;
  });
  // A heading that matches on its own keeps the section it introduces.
  let sectionRank = 0;
  chunks.forEach((ch, i) => {
    const rank = HEADING_RANK[ch.el.tag];
    if (rank !== undefined && rank <= sectionRank) sectionRank = 0;
    if (sectionRank) keep[i] = true;
    else if (rank !== undefined && keep[i]) sectionRank = rank;
  });
  // Walk backwards; sectionKept[r] says whether a kept chunk lies between here and the next
  // heading of rank ≤ r, i.e. whether a heading of rank r here introduces kept content.
  const sectionKept = new Array<boolean>(7).fill(false);
  for (let i = chunks.length - 1; i >= 0; i--) {
    const ch = chunks[i] as Chunk;
    const rank = HEADING_RANK[ch.el.tag];
    if (rank !== undefined) {
      if (sectionKept[rank]) keep[i] = true;
      for (let r = rank; r <= 6; r++) sectionKept[r] = false;
      if (keep[i]) for (let r = 1; r < rank; r++) sectionKept[r] = true;
    } else if (keep[i]) sectionKept.fill(true);
    if (!keep[i]) rejected.add(ch.el);
  }
  return rejected;
}
