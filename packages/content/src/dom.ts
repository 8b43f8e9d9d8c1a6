import { Parser, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * A parsed element. Plain class (not domhandler) so every hot loop sees one monomorphic shape.
 * Its fields are declared, not initialized: initializers make V8 call a function of their own for
 * every node built (the CLI runs without inlining), and define each field before the constructor
 * sets it again. Assigned in the order the initializers had.
 */
export class Elem {
  declare tag: string;
  declare attrs: Record<string, string>;
  declare parent: Elem | null;
  declare readonly type: 1;
  declare children: Node[];
  constructor(tag: string, attrs: Record<string, string>, parent: Elem | null) {
    this.tag = tag;
    this.attrs = attrs;
    this.parent = parent;
    this.type = 1;
    this.children = [];
  }
}

/** A text node; fields declared as Elem's are. */
export class Text {
  declare text: string;
  declare parent: Elem | null;
  declare readonly type: 3;
  /** text-measure.ts's shape of the text, and the text it was taken of (null: not yet). */
  declare shape: number;
  declare shaped: string | null;
  constructor(text: string, parent: Elem | null) {
    this.text = text;
    this.parent = parent;
    this.type = 3;
    this.shape = 0;
    this.shaped = null;
  }
}

export type Node = Elem | Text;

/** Elements whose content is never page text. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'textarea', 'xmp']);

/** The parts of htmlparser2's (10.x) tokenizer that the fast paths below read and override. */
interface TokenizerInternals {
  buffer: string;
  index: number;
  offset: number;
  state: number;
  stateText(c: number): void;
  stateBeforeDeclaration(c: number): void;
  stateInTagName(c: number): void;
  stateInAttributeName(c: number): void;
  stateInClosingTagName(c: number): void;
  fastForwardTo(c: number): boolean;
  running: boolean;
  cleanup(): void;
  stateSpecialStartSequence(c: number): void;
  stateInSpecialTag(c: number): void;
  stateCDATASequence(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInCommentLike(c: number): void;
  stateInSpecialComment(c: number): void;
  stateBeforeAttributeName(c: number): void;
  stateBeforeTagName(c: number): void;
  stateAfterAttributeName(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateBeforeAttributeValue(c: number): void;
  stateBeforeClosingTagName(c: number): void;
  stateAfterClosingTagName(c: number): void;
  stateBeforeSpecialS(c: number): void;
  stateBeforeSpecialT(c: number): void;
  stateInAttributeValueNoQuotes(c: number): void;
  stateInSelfClosingTag(c: number): void;
  stateInDeclaration(c: number): void;
  stateBeforeComment(c: number): void;
  stateInProcessingInstruction(c: number): void;
  stateInEntity(): void;
  write(chunk: string): void;
  end(): void;
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const TAB = 0x09;
const FORM_FEED = 0x0c;
const RETURN = 0x0d;
const OPEN_BRACKET = 0x5b;

/** Whether `c` ends a tag or attribute name: whitespace, `/` or `>` (htmlparser2's isEndOfTagSection). */
function endsName(c: number): boolean {
  return (
    c === SLASH || c === GT || c === SPACE || c === NEWLINE || c === TAB || c === FORM_FEED || c === RETURN
  );
}

/** htmlparser2's (10.x) state for `<!…>` read up to its `>`, a declaration to it. */
const IN_DECLARATION = 16;

/**
 * htmlparser2's tokenizer, with the same states and events, that skips in one search the runs of
 * characters its per-character loop would pass over without effect: text up to the next `<` or
 * `&`, attribute values up to their closing quote or `&`, and script/style/comment bodies (it
 * already fast-forwards those, one `charCodeAt` at a time). Tokens are unchanged; parsing time
 * halves.
 */
class FastTokenizer extends (Tokenizer as unknown as new (
  options: { decodeEntities?: boolean },
  cbs: unknown,
) => TokenizerInternals) {
  /**
   * Next position (in `buffer`) of `<`, `&`, `"` and `'` found so far, for `scanned`, by character
   * code (-1: not searched yet); a typed array reads faster than a Map in the tokenizer's hot path.
   */
  private next = new Int32Array(LT + 1).fill(-1);
  private scanned = '';
  /** Position in the buffer of the first `code` at or after `from`; the buffer's length if none. */
  private nextOf(code: number, from: number): number {
    if (this.scanned !== this.buffer) {
      this.scanned = this.buffer;
      this.next.fill(-1);
    }
    const known = this.next[code] as number;
    if (known >= from) return known;
    let at = this.buffer.indexOf(String.fromCharCode(code), from);
    if (at < 0) at = this.buffer.length;
    this.next[code] = at;
    return at;
  }

  /**
   * The end of the tag or attribute name that starts before `from`: the first whitespace, `/`, `>`
   * (or `=` when `equals`, for attribute names), or the buffer's end.
   */
  private nameEnd(from: number, slash: boolean, equals: boolean): number {
    const buffer = this.buffer;
    let at = from;
    for (; at < buffer.length; at++) {
      const c = buffer.charCodeAt(at);
      if (c === GT || c === SPACE || c === NEWLINE || c === TAB || c === FORM_FEED || c === RETURN) break;
      if ((slash && c === SLASH) || (equals && c === EQUALS)) break;
    }
    return at;
  }

  /** The index before the next `stop` (`<` in text, the closing quote in a value) or `&`. */
  private runEnd(stop: number): number {
    const from = this.index - this.offset + 1;
    return this.offset + Math.min(this.nextOf(stop, from), this.nextOf(AMP, from)) - 1;
  }

  /**
   * htmlparser2's loop, less the two calls per character it made with V8's inlining off
   * (bin/webcapture-content.cjs): `shouldContinue()`, and the state's method for characters that
   * only extend the current text, name or attribute value, skipped here to the next one that
   * matters. The states are htmlparser2's (10.x) `State` numbers.
   */
  parse(): void {
    const buffer = this.buffer;
    const offset = this.offset;
    const end = offset + buffer.length;
    while (this.index < end && this.running) {
      const c = buffer.charCodeAt(this.index - offset);
      switch (this.state) {
        case 1:
          if (c === LT || c === AMP) this.stateText(c);
          else this.index = this.runEnd(LT);
          break;
        case 2:
          this.stateBeforeTagName(c);
          break;
        case 3:
          if (endsName(c)) this.stateInTagName(c);
          else this.index = offset + this.nameEnd(this.index - offset + 1, true, false) - 1;
          break;
        case 4:
          this.stateInSelfClosingTag(c);
          break;
        case 5:
          this.stateBeforeClosingTagName(c);
          break;
        case 6:
          // A closing tag's name runs to `>` or whitespace; `/` is part of it.
          if (c === GT || (c !== SLASH && endsName(c))) this.stateInClosingTagName(c);
          else this.index = offset + this.nameEnd(this.index - offset + 1, false, false) - 1;
          break;
        case 7:
          this.stateAfterClosingTagName(c);
          break;
        case 8:
          this.stateBeforeAttributeName(c);
          break;
        case 9:
          if (c === EQUALS || endsName(c)) this.stateInAttributeName(c);
          else this.index = offset + this.nameEnd(this.index - offset + 1, true, true) - 1;
          break;
        case 10:
          this.stateAfterAttributeName(c);
          break;
        case 11:
          this.stateBeforeAttributeValue(c);
          break;
        case 12:
          if (c === DOUBLE_QUOTE || c === AMP) this.stateInAttributeValueDoubleQuotes(c);
          else this.index = this.runEnd(DOUBLE_QUOTE);
          break;
        case 13:
          if (c === SINGLE_QUOTE || c === AMP) this.stateInAttributeValueSingleQuotes(c);
          else this.index = this.runEnd(SINGLE_QUOTE);
          break;
        case 14:
          this.stateInAttributeValueNoQuotes(c);
          break;
        case 15:
          this.stateBeforeDeclaration(c);
          break;
        case 16:
          this.stateInDeclaration(c);
          break;
        case 17:
          this.stateInProcessingInstruction(c);
          break;
        case 18:
          this.stateBeforeComment(c);
          break;
        case 19:
          this.stateCDATASequence(c);
          break;
        case 20:
          this.stateInSpecialComment(c);
          break;
        case 21:
          this.stateInCommentLike(c);
          break;
        case 22:
          this.stateBeforeSpecialS(c);
          break;
        case 23:
          this.stateBeforeSpecialT(c);
          break;
        case 24:
          this.stateSpecialStartSequence(c);
          break;
        case 25:
          this.stateInSpecialTag(c);
          break;
        case 26:
          this.stateInEntity();
          break;
      }
      this.index++;
    }
    this.cleanup();
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

/** The one internalized lower-case string for each tag or attribute name, by the name as written. */
const NAMES = new Map<string, string>();
/** Beyond this many names (attribute names are the page's to choose), new ones are not remembered. */
const MAX_NAMES = 20000;

/**
 * The tag or attribute name, lower-cased, as the one internalized string for it (a property key),
 * so the many `tag === 'p'` tests and tag-set lookups in later passes compare pointers instead of
 * characters, and storing an attribute under its name needs no lookup of the key.
 */
function internName(name: string): string {
  let interned = NAMES.get(name);
  if (interned === undefined) {
    const lower = name.toLowerCase();
    interned = NAMES.get(lower) ?? Object.keys({ [lower]: 0 })[0] ?? lower;
    if (NAMES.size < MAX_NAMES) {
      NAMES.set(lower, interned);
      NAMES.set(name, interned);
    }
  }
  return interned;
}

/**
 * A new element's attributes: an object without prototype, which V8 keeps as a hash table. Pages
 * give their elements some thousand different sets of attribute names, too many shapes for V8's
 * property caches: every later `attrs.class` test, in every pass, missed them. Lookups in the
 * table are cheaper (and building one is).
 */
function attributesObject(): Record<string, string> {
  return Object.create(null);
}

/** The name last read in each slot (chosen by its length and first and last characters), for nameAt. */
const recentNames: string[] = new Array(1024).fill('');

/**
 * internName of `html.slice(start, end)`, most often found without slicing: the name last read
 * with the same length and ends, when `html` holds it there as written (lower case).
 */
function nameAt(html: string, start: number, end: number): string {
  const slot =
    ((end - start) * 31 + html.charCodeAt(start) * 7 + html.charCodeAt(end - 1)) & (recentNames.length - 1);
  const recent = recentNames[slot] as string;
  if (recent.length === end - start && html.startsWith(recent, start)) return recent;
  const name = internName(html.slice(start, end));
  recentNames[slot] = name;
  return name;
}

/** htmlparser2's Parser rules (10.x), which TreeBuilder applies as the Parser does. */
const P_TAG = new Set(['p']);
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);
/** The open elements that an opening tag closes when it is on top of the stack. */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM_TAGS] as const),
  ...['dd', 'dt'].map((t) => [t, DD_DT_TAGS] as const),
  ...['rt', 'rp'].map((t) => [t, RT_RP_TAGS] as const),
  ...['tbody', 'tfoot'].map((t) => [t, TABLE_SECTION_TAGS] as const),
  ...[
    ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details'],
    ...['div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main'],
    ...['nav', 'ol', 'pre', 'section', 'table', 'ul'],
  ].map((t) => [t, P_TAG] as const),
]);
const VOID_TAGS = new Set([
  ...['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input'],
  ...['isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'],
]);
const FOREIGN_CONTEXT_TAGS = new Set(['math', 'svg']);
const HTML_INTEGRATION_TAGS = new Set([
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

/**
 * In HTML content, `<![CDATA[` opens a bogus comment that ends at the first `>` (the HTML standard's
 * cdata-in-html-content error), as browsers parse it; htmlparser2 waits for `]]>`, and a stray
 * `<![CDATA[` in a page's body swallows the rest of the page. A class of its own, used only for
 * pages holding one: overriding the state in FastTokenizer cost every page 15% of raw-mode time.
 */
class CdataTokenizer extends FastTokenizer {
  constructor(
    options: { decodeEntities?: boolean },
    callbacks: TokenizerCallbacks,
    /** Whether the tree being built is inside SVG or MathML, where `<![CDATA[` opens a CDATA section. */
    private readonly inForeignContent: () => boolean,
  ) {
    super(options, callbacks);
  }

  override stateBeforeDeclaration(c: number): void {
    if (c === OPEN_BRACKET && !this.inForeignContent()) this.state = IN_DECLARATION;
    else super.stateBeforeDeclaration(c);
  }
}

/**
 * Builds the Elem tree straight from the tokenizer's events, with the rules of htmlparser2's
 * Parser (implied closes, void elements, self-closing tags in SVG and MathML) but none of its
 * intermediate work: the Parser keeps a stack of tag names beside our tree (shifted and unshifted
 * at its front), slices and re-dispatches every event through optional callbacks. The open
 * elements are the stack here. Comments, CDATA, declarations and processing instructions are
 * dropped, as parseHtml always did.
 */
class TreeBuilder implements TokenizerCallbacks {
  readonly root = new Elem('#document', {}, null);
  base: Elem | null = null;
  readonly bodies: Elem[] = [];
  readonly containers: Elem[] = [];
  /** The open elements, innermost last; `root` when empty. */
  private readonly open: Elem[] = [];
  /** Whether each open SVG/MathML or HTML integration point is foreign, innermost last. */
  private readonly foreign: boolean[] = [false];
  /** The element whose opening tag is being read (attributes still to come), not yet in the tree. */
  private opening: Elem | null = null;
  private attribName = '';
  private attribValue = '';

  constructor(private readonly html: string) {}

  inForeignContent(): boolean {
    return this.foreign[this.foreign.length - 1] === true;
  }

  private get current(): Elem {
    const open = this.open;
    return open.length > 0 ? (open[open.length - 1] as Elem) : this.root;
  }

  private addText(text: string): void {
    const current = this.current;
    const last = current.children[current.children.length - 1];
    // The tokenizer splits text at entities; merge so later passes see one node per run.
    if (last !== undefined && last.type === 3) last.text += text;
    else current.children.push(new Text(text, current));
  }

  ontext(start: number, end: number): void {
    this.addText(this.html.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    this.addText(String.fromCodePoint(codePoint));
  }

  onopentagname(start: number, end: number): void {
    this.openElement(nameAt(this.html, start, end));
  }

  private openElement(tag: string): void {
    const closes = OPEN_IMPLIES_CLOSE.get(tag);
    if (closes) while (this.open.length > 0 && closes.has(this.current.tag)) this.open.pop();
    const el = new Elem(tag, attributesObject(), this.current);
    this.opening = el;
    if (VOID_TAGS.has(tag)) return;
    this.open.push(el);
    if (FOREIGN_CONTEXT_TAGS.has(tag)) this.foreign.push(true);
    else if (HTML_INTEGRATION_TAGS.has(tag)) this.foreign.push(false);
  }

  /** The opening tag ended: its element joins the tree (a void element is closed at once). */
  private endOpening(): void {
    const el = this.opening;
    if (el === null) return;
    this.opening = null;
    el.parent?.children.push(el);
    const tag = el.tag;
    if (this.base === null && tag === 'base') this.base = el;
    else if (tag === 'noscript' || tag === 'template') this.containers.push(el);
    else if (tag === 'body') this.bodies.push(el);
  }

  onopentagend(): void {
    this.endOpening();
  }

  onselfclosingtag(): void {
    const el = this.opening;
    this.endOpening();
    // Only in SVG and MathML does `/>` close the element.
    if (this.inForeignContent() && el !== null && this.current === el) this.open.pop();
  }

  /** The name of an end tag: most often the current element's, known without slicing and lookup. */
  private endTagName(start: number, end: number): string {
    const current = this.current.tag;
    if (end - start === current.length && this.html.startsWith(current, start)) return current;
    return nameAt(this.html, start, end);
  }

  onclosetag(start: number, end: number): void {
    const tag = this.endTagName(start, end);
    if (FOREIGN_CONTEXT_TAGS.has(tag) || HTML_INTEGRATION_TAGS.has(tag)) this.foreign.pop();
    if (VOID_TAGS.has(tag)) {
      // `</br>` is a line break; other void end tags are ignored.
      if (tag === 'br') this.current.children.push(new Elem('br', {}, this.current));
      return;
    }
    let at = this.open.length - 1;
    while (at >= 0 && (this.open[at] as Elem).tag !== tag) at--;
    // Popped one by one: shortening with `length =` is a slow runtime call in V8.
    if (at >= 0) while (this.open.length > at) this.open.pop();
    else if (tag === 'p') {
      // `</p>` with no open paragraph is an empty one.
      this.openElement('p');
      this.endOpening();
      this.open.pop();
    }
  }

  onattribname(start: number, end: number): void {
    this.attribName = nameAt(this.html, start, end);
  }

  onattribdata(start: number, end: number): void {
    this.attribValue += this.html.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    this.attribValue += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    const attrs = this.opening?.attrs;
    // The first of repeated attributes wins. `attrs` has no prototype (attributesObject): a name
    // read as undefined is not set yet, and `__proto__` would be a property of its own, where
    // a plain object ignores it.
    if (attrs !== undefined && attrs[this.attribName] === undefined && this.attribName !== '__proto__')
      attrs[this.attribName] = this.attribValue;
    this.attribValue = '';
  }

  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

/**
 * Parses HTML into an Elem tree rooted at a synthetic `#document` element. Comments are dropped.
 * `fast: false` uses htmlparser2's own tokenizer and Parser (the tests check both build the same tree,
 * but for a `<![CDATA[` in HTML content, which only the fast tokenizer ends at `>` as browsers do).
 */
export function parseHtml(html: string, fast = true): Elem {
  const built = fast ? buildTree(html) : parseWithHtmlparser2(html);
  const root = built.root;
  parsedBase.set(root, built.base);
  if (built.bodies.length > 1) mergeBodies(built.bodies);
  parsedContainers.set(root, built.containers);
  return root;
}

type Built = Pick<TreeBuilder, 'root' | 'base' | 'bodies' | 'containers'>;

function buildTree(html: string): Built {
  const builder = new TreeBuilder(html);
  const tokenizer = html.includes('<![CDATA[')
    ? new CdataTokenizer({ decodeEntities: true }, builder, () => builder.inForeignContent())
    : new FastTokenizer({ decodeEntities: true }, builder);
  if (html) tokenizer.write(html);
  tokenizer.end();
  return builder;
}

function parseWithHtmlparser2(html: string): Built {
  const built: Built = { root: new Elem('#document', {}, null), base: null, bodies: [], containers: [] };
  let current = built.root;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el = new Elem(name, attribs, current);
        current.children.push(el);
        current = el;
        if (built.base === null && name === 'base') built.base = el;
        else if (name === 'noscript' || name === 'template') built.containers.push(el);
        else if (name === 'body') built.bodies.push(el);
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
  return built;
}

/**
 * A page that pastes a second document into its head (`<html><head>…<body>` before its own
 * `</head><body>`) opens several bodies; a browser makes them one. Their content is moved into
 * the first body outside any `<head>`, in document order, so the page's text is not left in a
 * body that findFirst never reaches.
 */
function mergeBodies(bodies: Elem[]): void {
  const inHead = (el: Elem): boolean => {
    for (let p = el.parent; p; p = p.parent) if (p.tag === 'head') return true;
    return false;
  };
  const target = bodies.find((b) => !inHead(b)) ?? (bodies[bodies.length - 1] as Elem);
  const before: Node[] = [];
  let seen = false;
  for (const body of bodies) {
    if (body === target) {
      seen = true;
      continue;
    }
    if (isWithin(body, target) || isWithin(target, body)) continue;
    const moved = body.children.splice(0);
    for (const child of moved) child.parent = target;
    if (seen) target.children.push(...moved);
    else before.push(...moved);
    removeNode(body);
  }
  target.children.unshift(...before);
}

/** Whether `el` is the page's declared main region: `<main>` or `role=main`. */
export function isMainRegion(el: Elem): boolean {
  return el.tag === 'main' || el.attrs.role === 'main';
}

/** Whether `node` is `root` or lies inside it (false once it has been removed from `root`). */
export function isWithin(node: Elem, root: Elem): boolean {
  for (let p: Elem | null = node; p; p = p.parent) if (p === root) return true;
  return false;
}

/** The `<noscript>` and `<template>` elements of each document parseHtml built, in document order. */
const parsedContainers = new WeakMap<Elem, Elem[]>();

/**
 * The `<noscript>` and `<template>` elements of a tree from parseHtml, in document order, as they
 * were parsed (some may have been moved or detached since); null for other trees. Saves a walk of
 * the whole page to find what most pages have a few of.
 */
export function parsedNoscriptsAndTemplates(doc: Elem): readonly Elem[] | null {
  return parsedContainers.get(doc) ?? null;
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

/** First descendant element passing `test`, depth-first (`findAll(root, test)[0]` without walking on). */
export function findFirstWhere(root: Elem, test: (el: Elem) => boolean): Elem | null {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (test(child)) return child;
    const hit = findFirstWhere(child, test);
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
  if (node.type === 3) {
    const text = new Text(node.text, parent);
    text.shape = node.shape;
    text.shaped = node.shaped;
    return text;
  }
  const el = new Elem(node.tag, Object.assign(attributesObject(), node.attrs), parent);
  // Filled in place: a first store to `children` after construction makes V8 deoptimize every
  // compiled walk of the tree that relied on the field never changing.
  for (const child of node.children) el.children.push(cloneNode(child, el));
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
