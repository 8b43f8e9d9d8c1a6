import { type Elem, findAll, isRawTextTag, type Node, type Text } from './parse';

export interface TextMeasure {
  /** `innerText(el).length`: whitespace runs count as one character, ends trimmed. */
  text: number;
  /** Text length of the links inside (not counting `el` itself), in-page `#anchors` weighted 0.3. */
  link: number;
}

/** What `\s` matches, by UTF-16 code unit. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function linkWeight(a: Elem): number {
  const href = a.attrs.href;
  return href && /^#.+/.test(href) ? 0.3 : 1;
}

/**
 * Text length of the links inside `el`, weighted as in TextMeasure, for one element; `inside`: the
 * elements under it, when a caller has found them already.
 */
export function linkText(el: Elem, inside?: Elem[]): number {
  let link = 0;
  for (const a of inside ?? findAll(el, (e) => e.tag === 'a'))
    if (a.tag === 'a') link += textLength(a) * linkWeight(a);
  return link;
}

/**
 * `innerText(node).length`, counted from its text nodes' shapes without building the text: the
 * passes that only compare lengths ask it of many nested blocks. Past `max`, it stops counting and
 * returns some length over `max`.
 */
export function textLength(node: Node, max = Number.POSITIVE_INFINITY): number {
  const counter = new LengthCounter(max);
  counter.visit(node);
  // No space is laid down before the first character: only a trailing one is trimmed.
  return counter.length > 0 && counter.afterSpace ? counter.length - 1 : counter.length;
}

/** textLength's walk; a class, not closures made per call, which V8 kept recompiling. */
class LengthCounter {
  length = 0;
  afterSpace = true;
  constructor(private readonly limit: number) {}

  visit(n: Node): void {
    // Trimming takes one character at most.
    if (this.length > this.limit + 1) return;
    if (n.type === 3) {
      const shape = textShape(n);
      if (shape & LEADING_SPACE && !this.afterSpace) {
        this.length++;
        this.afterSpace = true;
      }
      const rest = Math.floor(shape / 4);
      if (rest > 0) {
        this.length += rest;
        this.afterSpace = (shape & TRAILING_SPACE) !== 0;
      }
    } else if (!isRawTextTag(n.tag)) for (const child of n.children) this.visit(child);
  }
}

/**
 * How many matches of `pattern` (global, one character, never whitespace) `innerText(node)` holds, counted
 * in its text nodes: collapsing whitespace changes none of them. Once `max` are found, it stops
 * counting and returns some count of at least `max`.
 */
export function countInText(node: Node, pattern: RegExp, max = Number.POSITIVE_INFINITY): number {
  if (node.type === 3) return node.text.match(pattern)?.length ?? 0;
  if (isRawTextTag(node.tag)) return 0;
  let count = 0;
  for (const child of node.children) {
    count += countInText(child, pattern, max - count);
    if (count >= max) break;
  }
  return count;
}

/**
 * Text and link lengths of every element under `root` from one walk, for link density. Asking each
 * element separately re-reads its whole subtree, and article scoring asks for hundreds of nested
 * candidates (up to the body): that was most of article mode's time. The walk lays the text out as
 * one whitespace-collapsed stream; an element's innerText is its slice of the stream without a
 * space at either end, which is exactly what collapsing and trimming its own text gives.
 */
export function measureTexts(root: Elem): Map<Elem, TextMeasure> {
  const measurer = new TextMeasurer(true);
  measurer.visit(root);
  return measurer.measures;
}

/** `measureTexts(root).get(root)`, without keeping the measure of every element inside (a map of thousands, for a page). */
export function measureText(root: Elem): TextMeasure {
  return new TextMeasurer(false).visit(root);
}

/** measureTexts' walk; a class, not closures made per call, which V8 kept recompiling. */
class TextMeasurer {
  readonly measures = new Map<Elem, TextMeasure>();
  constructor(private readonly record: boolean) {}
  // A stream position holds a space at an element's start only where a text node's leading space
  // was laid down (inside a node a space follows its own non-space text): only those are marked.
  private leadSpaceAt = new Uint8Array(1024);
  private length = 0;
  private afterSpace = true;

  visit(el: Elem): TextMeasure {
    const start = this.length;
    let link = 0;
    for (const child of el.children) {
      if (child.type === 3) this.appendText(child);
      else if (!isRawTextTag(child.tag)) {
        const inner = this.visit(child);
        link += inner.link + (child.tag === 'a' ? inner.text * linkWeight(child) : 0);
      }
    }
    let text = this.length - start;
    if (text > 0 && start < this.leadSpaceAt.length && this.leadSpaceAt[start] === 1) text--;
    if (text > 0 && this.afterSpace) text--;
    const measure = { text, link };
    if (this.record) this.measures.set(el, measure);
    return measure;
  }

  private appendText(text: Text): void {
    const shape = textShape(text);
    if (shape === 0) return;
    if (shape & LEADING_SPACE && !this.afterSpace) {
      if (this.length >= this.leadSpaceAt.length) {
        const grown = new Uint8Array(Math.max(this.length + 1, this.leadSpaceAt.length * 2));
        grown.set(this.leadSpaceAt);
        this.leadSpaceAt = grown;
      }
      this.leadSpaceAt[this.length++] = 1;
      this.afterSpace = true;
    }
    const rest = Math.floor(shape / 4);
    if (rest > 0) {
      this.length += rest;
      this.afterSpace = (shape & TRAILING_SPACE) !== 0;
    }
  }
}

const LEADING_SPACE = 2;
const TRAILING_SPACE = 1;
const WS_RUN = /\s+/g;

/**
 * A text node's part of the collapsed stream, packed in one number: 4 × the characters it lays down
 * after its leading whitespace (runs collapsed to one), plus LEADING_SPACE when it starts with
 * whitespace, plus TRAILING_SPACE when the last of those characters is a space. 0 for "".
 */
function textShape(node: Text): number {
  // Kept on the node (and its clones), as a page is measured several times: asked by the text in a
  // map, it cost more than working it out.
  const text = node.text;
  if (node.shaped === text) return node.shape;
  let shape = 0;
  if (text.length > 0) {
    const leading = isSpace(text.charCodeAt(0));
    // Collapsed by the regex engine: twice as fast as testing each character here.
    const rest = text.replace(WS_RUN, ' ').length - (leading ? 1 : 0);
    shape = rest * 4;
    if (leading) shape += LEADING_SPACE;
    if (rest > 0 && isSpace(text.charCodeAt(text.length - 1))) shape += TRAILING_SPACE;
  }
  node.shape = shape;
  node.shaped = text;
  return shape;
}
