import { Parser, Tokenizer } from 'htmlparser2';

/** A parsed element. Plain class (not domhandler) so every hot loop sees one monomorphic shape. */
export class Elem {
  readonly type = 1 as const;
  children: Node[] = [];
  constructor(
    public tag: string,
    public attrs: Record<string, string>,
    public parent: Elem | null,
  ) {}
}

export class Text {
  readonly type = 3 as const;
  constructor(
    public text: string,
    public parent: Elem | null,
  ) {}
}

export type Node = Elem | Text;

/** Elements whose content is never page text. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'textarea', 'xmp']);

/** The parts of htmlparser2's (10.x) tokenizer that the fast paths below read and override. */
interface TokenizerInternals {
  buffer: string;
  index: number;
  offset: number;
  write(chunk: string): void;
  end(): void;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  stateInAttributeName(c: number): void;
  fastForwardTo(c: number): boolean;
}

const LT = 0x3c;
const AMP = 0x26;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;

/** htmlparser2's whitespace: space, tab, line feed, form feed, carriage return. */
function isTokenSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

/**
 * htmlparser2's tokenizer, with the same states and events, that skips in one search the runs of
 * characters its per-character loop would pass over without effect: text up to the next `<` or
 * `&`, attribute values up to their closing quote or `&`, tag and attribute names up to their
 * end, and script/style/comment bodies (it
 * already fast-forwards those, one `charCodeAt` at a time). Tokens are unchanged; parsing time
 * halves.
 */
class FastTokenizer extends (Tokenizer as unknown as new (
  options: { decodeEntities?: boolean },
  cbs: unknown,
) => TokenizerInternals) {
  /** Next position (in `buffer`) of `<`, `&`, `"` and `'` found so far, for `scanned`. */
  private readonly next = new Map<number, number>();
  private scanned = '';

  /** Position in the buffer of the first `code` at or after `from`; the buffer's length if none. */
  private nextOf(code: number, from: number): number {
    if (this.scanned !== this.buffer) {
      this.scanned = this.buffer;
      this.next.clear();
    }
    const known = this.next.get(code);
    if (known !== undefined && known >= from) return known;
    let at = this.buffer.indexOf(String.fromCharCode(code), from);
    if (at < 0) at = this.buffer.length;
    this.next.set(code, at);
    return at;
  }

  override stateText(c: number): void {
    if (c === LT || c === AMP) {
      super.stateText(c);
      return;
    }
    const from = this.index - this.offset + 1;
    this.index = this.offset + Math.min(this.nextOf(LT, from), this.nextOf(AMP, from)) - 1;
  }

  override handleInAttributeValue(c: number, quote: number): void {
    if (c === quote || c === AMP) {
      super.handleInAttributeValue(c, quote);
      return;
    }
    const from = this.index - this.offset + 1;
    this.index = this.offset + Math.min(this.nextOf(quote, from), this.nextOf(AMP, from)) - 1;
  }

  /**
   * Moves to the last character of the name being read, so the next one read ends it: `>` or
   * whitespace, and `/` (`slash`) or `=` (`eq`) where those end it too.
   */
  private skipName(slash: boolean, eq: boolean): void {
    const buffer = this.buffer;
    let i = this.index - this.offset + 1;
    for (; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === GT || isTokenSpace(c) || (slash && c === SLASH) || (eq && c === EQ)) break;
    }
    this.index = this.offset + i - 1;
  }

  override stateInTagName(c: number): void {
    if (c === GT || c === SLASH || isTokenSpace(c)) super.stateInTagName(c);
    else this.skipName(true, false);
  }

  override stateInClosingTagName(c: number): void {
    if (c === GT || isTokenSpace(c)) super.stateInClosingTagName(c);
    else this.skipName(false, false);
  }

  override stateInAttributeName(c: number): void {
    if (c === GT || c === SLASH || c === EQ || isTokenSpace(c)) super.stateInAttributeName(c);
    else this.skipName(true, true);
  }

  override fastForwardTo(c: number): boolean {
    const at = this.buffer.indexOf(String.fromCharCode(c), this.index - this.offset + 1);
    if (at >= 0) {
      this.index = this.offset + at;
      return true;
    }
    this.index = this.offset + this.buffer.length - 1;
    return false;
  }
}

/** One internalized string per tag name. */
const TAG_NAMES = new Map<string, string>();

/**
 * The tag name as the one internalized string for it (a property key), so the many `tag === 'p'`
 * tests and tag-set lookups in later passes compare pointers instead of characters.
 */
function internTag(name: string): string {
  let tag = TAG_NAMES.get(name);
  if (tag === undefined) {
    tag = Object.keys({ [name]: 0 })[0] ?? name;
    TAG_NAMES.set(name, tag);
  }
  return tag;
}

/** Elements that open and close at once (htmlparser2's list). */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const P_TAG = new Set(['p']);
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);
/** Open elements an opening tag closes first (htmlparser2's `openImpliesClose`). */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ['h1', P_TAG],
  ['h2', P_TAG],
  ['h3', P_TAG],
  ['h4', P_TAG],
  ['h5', P_TAG],
  ['h6', P_TAG],
  ['select', FORM_TAGS],
  ['input', FORM_TAGS],
  ['output', FORM_TAGS],
  ['button', FORM_TAGS],
  ['datalist', FORM_TAGS],
  ['textarea', FORM_TAGS],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT_TAGS],
  ['dt', DD_DT_TAGS],
  ['address', P_TAG],
  ['article', P_TAG],
  ['aside', P_TAG],
  ['blockquote', P_TAG],
  ['details', P_TAG],
  ['div', P_TAG],
  ['dl', P_TAG],
  ['fieldset', P_TAG],
  ['figcaption', P_TAG],
  ['figure', P_TAG],
  ['footer', P_TAG],
  ['form', P_TAG],
  ['header', P_TAG],
  ['hr', P_TAG],
  ['main', P_TAG],
  ['nav', P_TAG],
  ['ol', P_TAG],
  ['pre', P_TAG],
  ['section', P_TAG],
  ['table', P_TAG],
  ['ul', P_TAG],
  ['rt', RT_RP_TAGS],
  ['rp', RT_RP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
]);
const FOREIGN_CONTEXT_ELEMENTS = new Set(['math', 'svg']);
const HTML_INTEGRATION_ELEMENTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * htmlparser2's Parser (10.x) in HTML mode with lower-cased names, reduced to what parseHtml
 * keeps — elements, attributes and text — and building the tree itself instead of calling back:
 * the same tokenizer events give the same tree (the tests compare both on every golden page), with
 * one layer of calls fewer per token and the open-element stacks kept innermost-last (push/pop
 * rather than htmlparser2's unshift/shift). Comments, CDATA, declarations and processing
 * instructions are dropped, as parseHtml always did.
 */
class TreeBuilder {
  readonly root = new Elem('#document', {}, null);
  base: Elem | null = null;
  private current = this.root;
  private buffer = '';
  private tagname = '';
  private attribname = '';
  private attribvalue = '';
  private attribs: Record<string, string> | null = null;
  /** Names of the open elements, innermost last. */
  private readonly stack: string[] = [];
  /** Whether each open foreign (svg, math) or integration element makes a foreign context. */
  private readonly foreignContext: boolean[] = [false];

  parse(html: string): void {
    const tokenizer = new FastTokenizer({ decodeEntities: true }, this);
    this.buffer = html;
    if (html) tokenizer.write(html);
    tokenizer.end();
  }

  private open(name: string, attribs: Record<string, string>): void {
    const el = new Elem(internTag(name), attribs, this.current);
    this.current.children.push(el);
    this.current = el;
    if (this.base === null && name === 'base') this.base = el;
  }

  private close(): void {
    if (this.current.parent) this.current = this.current.parent;
  }

  private text(data: string): void {
    const children = this.current.children;
    const last = children[children.length - 1];
    // The tokenizer splits text at entities; merge so later passes see one node per run.
    if (last !== undefined && last.type === 3) last.text += data;
    else children.push(new Text(data, this.current));
  }

  private emitOpenTag(name: string): void {
    this.tagname = name;
    const stack = this.stack;
    const impliesClose = OPEN_IMPLIES_CLOSE.get(name);
    if (impliesClose) {
      while (stack.length > 0 && impliesClose.has(stack[stack.length - 1] as string)) {
        stack.pop();
        this.close();
      }
    }
    if (!VOID_ELEMENTS.has(name)) {
      stack.push(name);
      if (FOREIGN_CONTEXT_ELEMENTS.has(name)) this.foreignContext.push(true);
      else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.foreignContext.push(false);
    }
    // Without a prototype the object stays a dictionary: pages put attributes in every order, and
    // one hidden class per order made each later `attrs.class` read a megamorphic lookup.
    this.attribs = Object.create(null);
  }

  private endOpenTag(): void {
    if (this.attribs) {
      this.open(this.tagname, this.attribs);
      this.attribs = null;
    }
    if (VOID_ELEMENTS.has(this.tagname)) this.close();
    this.tagname = '';
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    // Self-closing tags are innermost.
    if (this.stack[this.stack.length - 1] === name) {
      this.close();
      this.stack.pop();
    }
  }

  // Tokenizer events.
  ontext(start: number, end: number): void {
    this.text(this.buffer.slice(start, end));
  }
  ontextentity(cp: number): void {
    this.text(String.fromCodePoint(cp));
  }
  onopentagname(start: number, end: number): void {
    this.emitOpenTag(this.buffer.slice(start, end).toLowerCase());
  }
  onopentagend(): void {
    this.endOpenTag();
  }
  onclosetag(start: number, end: number): void {
    const name = this.buffer.slice(start, end).toLowerCase();
    if (FOREIGN_CONTEXT_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) this.foreignContext.pop();
    if (!VOID_ELEMENTS.has(name)) {
      const at = this.stack.lastIndexOf(name);
      if (at !== -1) {
        while (this.stack.length > at) {
          this.stack.pop();
          this.close();
        }
      } else if (name === 'p') {
        // `</p>` without an open `<p>` is an empty paragraph.
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      // `</br>` is a line break.
      this.open('br', {});
      this.close();
    }
  }
  onselfclosingtag(): void {
    // `/>` closes an element only in foreign content (svg, math); in HTML it is ignored.
    if (this.foreignContext[this.foreignContext.length - 1]) this.closeCurrentTag();
    else this.endOpenTag();
  }
  onattribname(start: number, end: number): void {
    this.attribname = this.buffer.slice(start, end).toLowerCase();
  }
  onattribdata(start: number, end: number): void {
    this.attribvalue += this.buffer.slice(start, end);
  }
  onattribentity(cp: number): void {
    this.attribvalue += String.fromCodePoint(cp);
  }
  onattribend(): void {
    // htmlparser2's `{}` ignores `__proto__` (its setter drops a string); so does this one.
    if (this.attribs && this.attribname !== '__proto__' && !hasOwn.call(this.attribs, this.attribname)) {
      this.attribs[this.attribname] = this.attribvalue;
    }
    this.attribvalue = '';
  }
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

/**
 * Parses HTML into an Elem tree rooted at a synthetic `#document` element. Comments are dropped.
 * `fast: false` builds it through htmlparser2's own Parser and tokenizer instead (the tests check
 * both build the same tree).
 */
export function parseHtml(html: string, fast = true): Elem {
  if (fast) {
    const builder = new TreeBuilder();
    builder.parse(html);
    parsedBase.set(builder.root, builder.base);
    return builder.root;
  }
  const root = new Elem('#document', {}, null);
  let current = root;
  let base: Elem | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el = new Elem(internTag(name), attribs, current);
        current.children.push(el);
        current = el;
        if (base === null && name === 'base') base = el;
      },
      onclosetag() {
        if (current.parent) current = current.parent;
      },
      ontext(data) {
        const last = current.children[current.children.length - 1];
        if (last !== undefined && last.type === 3) last.text += data;
        else current.children.push(new Text(data, current));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  parsedBase.set(root, base);
  return root;
}

/** The first `<base>` of each document parseHtml built, noted while parsing. */
const parsedBase = new WeakMap<Elem, Elem | null>();

/**
 * The document's first `<base>` element (document order, as `findFirst`) as it was parsed: for a
 * tree from parseHtml it is known without walking the whole page, which has none most often.
 */
export function baseElement(doc: Elem): Elem | null {
  const parsed = parsedBase.get(doc);
  return parsed !== undefined ? parsed : findFirst(doc, 'base');
}

export function isRawTextTag(tag: string): boolean {
  return RAW_TEXT_TAGS.has(tag);
}

/** First descendant element with the tag, depth-first. */
export function findFirst(root: Elem, tag: string): Elem | null {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (child.tag === tag) return child;
    const hit = findFirst(child, tag);
    if (hit) return hit;
  }
  return null;
}

export function findAll(root: Elem, test: (el: Elem) => boolean, out: Elem[] = []): Elem[] {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (test(child)) out.push(child);
    findAll(child, test, out);
  }
  return out;
}

export function byTags(root: Elem, tags: ReadonlySet<string>): Elem[] {
  return findAll(root, (el) => tags.has(el.tag));
}

/** The `<body>`, or the document itself for fragments. */
export function bodyOf(doc: Elem): Elem {
  return findFirst(doc, 'body') ?? doc;
}

/** Concatenated text, skipping script-like content. */
export function textContent(node: Node): string {
  if (node.type === 3) return node.text;
  if (RAW_TEXT_TAGS.has(node.tag)) return '';
  let out = '';
  for (const child of node.children) out += child.type === 3 ? child.text : textContent(child);
  return out;
}

const NON_SPACE = /\S/;

/**
 * Whether `textContent(node).trim()` is non-empty, found without building the text: stops at the
 * first text node with a character other than whitespace (`\S` and `trim` agree on whitespace).
 */
export function hasText(node: Node): boolean {
  if (node.type === 3) return NON_SPACE.test(node.text);
  if (RAW_TEXT_TAGS.has(node.tag)) return false;
  for (const child of node.children) if (hasText(child)) return true;
  return false;
}

/** All descendant text, including script-like content (for JSON-LD bodies). */
export function rawText(node: Node): string {
  if (node.type === 3) return node.text;
  let out = '';
  for (const child of node.children) out += rawText(child);
  return out;
}

const WS_RUN = /\s+/g;

/** Text with whitespace runs collapsed to one space and ends trimmed (what a reader sees). */
export function innerText(node: Node): string {
  return textContent(node).replace(WS_RUN, ' ').trim();
}

export function removeNode(node: Node): void {
  const parent = node.parent;
  if (!parent) return;
  const i = parent.children.indexOf(node);
  if (i >= 0) parent.children.splice(i, 1);
  node.parent = null;
}

export function replaceNode(old: Node, replacement: Node): void {
  const parent = old.parent;
  if (!parent) return;
  const i = parent.children.indexOf(old);
  if (i < 0) return;
  parent.children[i] = replacement;
  replacement.parent = parent;
  old.parent = null;
}

export function appendChild(parent: Elem, child: Node): void {
  if (child.parent) removeNode(child);
  child.parent = parent;
  parent.children.push(child);
}

/** Moves all children of `el` into its parent at its position, removing `el`. */
export function unwrap(el: Elem): void {
  const parent = el.parent;
  if (!parent) return;
  const i = parent.children.indexOf(el);
  for (const child of el.children) child.parent = parent;
  parent.children.splice(i, 1, ...el.children);
  el.children = [];
  el.parent = null;
}

export function cloneNode(node: Node, parent: Elem | null = null): Node {
  if (node.type === 3) return new Text(node.text, parent);
  const el = new Elem(node.tag, { ...node.attrs }, parent);
  el.children = node.children.map((c) => cloneNode(c, el));
  return el;
}

export function hasAncestor(el: Node, tag: string, maxDepth = Number.POSITIVE_INFINITY): boolean {
  let depth = 0;
  for (let p = el.parent; p; p = p.parent) {
    if (depth++ >= maxDepth) return false;
    if (p.tag === tag) return true;
  }
  return false;
}

export function classAndId(el: Elem): string {
  const cls = el.attrs.class;
  const id = el.attrs.id;
  if (cls && id) return `${cls} ${id}`;
  return cls ?? id ?? '';
}

export function elementChildren(el: Elem): Elem[] {
  const out: Elem[] = [];
  for (const c of el.children) if (c.type === 1) out.push(c);
  return out;
}

/** A short CSS-like path (`table#prices.data`) identifying an element in warnings. */
export function describeElement(el: Elem): string {
  let s = el.tag;
  const id = el.attrs.id;
  if (id) s += `#${id.trim().split(/\s+/)[0]}`;
  const cls = el.attrs.class?.trim();
  if (cls) s += `.${cls.split(/\s+/).slice(0, 2).join('.')}`;
  return s;
}
