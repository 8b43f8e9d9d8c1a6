import { cloneNode, type Elem, elementChildren, findAll, innerText } from '../parse';

/*
 * One product's page states its description twice: in its meta description or its JSON-LD
 * Product's description (metadata.ts `productDescription`), and in the body, often as a list of
 * feature bullets or in a tab the scorer passes over (list items are not scored; a class word like
 * `hidden-up-md` weighs against it) while a variant table or an add-to-cart form wins. When the
 * extracted content lacks that description but the page's body holds it, the block holding it in
 * the body is the product's description and joins the content, first.
 */

/**
 * The description's opening, normalized, that must be found: long enough to be unambiguous, and to
 * tell a summary from a long description opening with its first sentence and going on otherwise (a
 * game store's summary under the name, reworded in "About this game").
 */
const MIN_PREFIX = 60;
const PREFIX = 200;
/** A description block is at most this long; a longer wrapper is the page's layout. */
const MAX_BLOCK = 5000;
/** Elements a description's text sits inside below its block (bullets, runs of text). */
const INLINE_OR_LIST = new Set([
  'span',
  'strong',
  'b',
  'em',
  'i',
  'a',
  'font',
  'p',
  'li',
  'ul',
  'ol',
  'dl',
  'dd',
  'dt',
  'br',
]);

function normalize(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Puts the block of the page's body (`original` gives it, read only when needed) holding
 * `description` at the start of `content` when `content` lacks it; `opening`: how much of it,
 * normalized, is compared (a product's long copy may end otherwise in the content than in its
 * JSON-LD).
 */
export function carryProductDescription(
  content: Elem,
  original: () => Elem,
  description: string | null | undefined,
  opening = PREFIX,
): void {
  const prefix = normalize(description ?? '').slice(0, opening);
  if (prefix.length < MIN_PREFIX || normalize(innerText(content)).includes(prefix)) return;
  const body = original();
  if (!normalize(innerText(body)).includes(prefix)) return;
  // Down the path of elements holding it to the innermost one, then up to its block.
  let el = body;
  for (;;) {
    const next = elementChildren(el).find((c) => normalize(innerText(c)).includes(prefix));
    if (!next) break;
    el = next;
  }
  while (INLINE_OR_LIST.has(el.tag) && el.parent && el.parent !== body) el = el.parent;
  if (el === body || innerText(el).length > MAX_BLOCK) return;
  const copy = cloneNode(el) as Elem;
  copy.parent = content;
  content.children.unshift(copy);
}

/*
 * Its name heads a product's page, and the scorer's choice often leaves it out: the name stands
 * above the gallery or in the buy column, or it repeats the document's title and goes as a
 * headline does from a story. The page's one `<h1>` is the product's name; when the content lacks
 * it, a copy of it opens the content.
 */

/** A copy of `body`'s one `<h1>` when it has text (read before extraction changes the page), else null. */
export function productName(body: Elem): Elem | null {
  const headlines = findAll(body, (e) => e.tag === 'h1');
  const h1 = headlines.length === 1 ? (headlines[0] as Elem) : null;
  return h1 && normalize(innerText(h1)) !== '' ? (cloneNode(h1) as Elem) : null;
}

/** Puts `name` (productName) at the start of `content` when `content` does not say it. */
export function carryProductName(content: Elem, name: Elem | null): void {
  if (name === null || normalize(innerText(content)).includes(normalize(innerText(name)))) return;
  name.parent = content;
  content.children.unshift(name);
}
