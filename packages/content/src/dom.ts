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
  sectionStart: number;
  isSpecial: boolean;
  sequenceIndex: number;
  cbs: TokenizerCallbacks;
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

/** Whether `c` is whitespace inside a tag (htmlparser2's isWhitespace). */
function isTagSpace(c: number): boolean {
  return c === SPACE || c === NEWLINE || c === TAB || c === FORM_FEED || c === RETURN;
}

/** Whether `c` ends a tag or attribute name: whitespace, `/` or `>` (htmlparser2's isEndOfTagSection). */
function endsName(c: number): boolean {
  return c === SLASH || c === GT || isTagSpace(c);
}

/** Whether `c` is an ASCII letter, which starts a tag name. */
function isLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

const SEMICOLON = 0x3b;
const HASH = 0x23;

/** The character references pages write most, by name (each closed by `;`), for commonEntity. */
const COMMON_ENTITIES = new Map<string, number>(
  Object.entries({
    amp: 0x26,
    lt: 0x3c,
    gt: 0x3e,
    quot: 0x22,
    apos: 0x27,
    nbsp: 0xa0,
    laquo: 0xab,
    raquo: 0xbb,
    lsquo: 0x2018,
    rsquo: 0x2019,
    ldquo: 0x201c,
    rdquo: 0x201d,
    hellip: 0x2026,
    mdash: 0x2014,
    ndash: 0x2013,
    copy: 0xa9,
    middot: 0xb7,
    bull: 0x2022,
    reg: 0xae,
    trade: 0x2122,
    times: 0xd7,
    euro: 0x20ac,
  }),
);
/** The longest reference commonEntity reads, `&` and `;` included (`&#1114111;`). */
const MAX_COMMON_ENTITY = 10;

/** htmlparser2's (10.x) QuoteType of an attribute value in double quotes. */
const DOUBLE_QUOTED = 3;

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
   * In HTML content, `<![CDATA[` opens a bogus comment that ends at the first `>` (the HTML
   * standard's cdata-in-html-content error), as browsers parse it; htmlparser2 waits for `]]>`,
   * and a stray `<![CDATA[` in a page's body swallows the rest of the page. For a page holding
   * one, whether the tree being built is inside SVG or MathML, where `<![CDATA[` opens a CDATA
   * section; else null, and `<![` is htmlparser2's. Not a subclass for such pages: a second class
   * made V8 throw the optimized `parse` away at the first of them.
   */
  constructor(
    options: { decodeEntities?: boolean },
    callbacks: TokenizerCallbacks,
    private readonly inForeignContent: (() => boolean) | null,
  ) {
    super(options, callbacks);
  }

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
   * htmlparser2's loop, less the calls per character it made with V8's inlining off
   * (bin/webcapture-content.cjs): `shouldContinue()`, the state's method for characters that only
   * extend the current text, name or attribute value (skipped here to the next one that matters),
   * and, for the characters every tag goes through, the state's method itself: its code is written
   * here, and a state that hands the character on to the next one (`continue`) reads it again. The
   * states are htmlparser2's (10.x) `State` numbers. The rest (`rare`) goes to its methods through
   * `other`, called from one place: V8 threw the optimized loop away at each call site a page
   * reached for the first time.
   */
  parse(): void {
    const buffer = this.buffer;
    const offset = this.offset;
    const end = offset + buffer.length;
    const cbs = this.cbs;
    while (this.index < end && this.running) {
      const c = buffer.charCodeAt(this.index - offset);
      let rare = false;
      switch (this.state) {
        case 1: // Text
          if (c === LT) {
            if (this.index > this.sectionStart) cbs.ontext(this.sectionStart, this.index);
            this.state = 2;
            this.sectionStart = this.index;
          } else if (c !== AMP) this.index = this.runEnd(LT);
          else if (!this.commonEntity(false)) rare = true;
          break;
        case 2: // BeforeTagName
          if (isLetter(c)) {
            const lower = c | 0x20;
            this.sectionStart = this.index;
            // `<s…` may open script or style, `<t…` title or textarea, `<x…` xmp: their own states.
            this.state = lower === 0x73 ? 22 : lower === 0x74 || lower === 0x78 ? 23 : 3;
          } else if (c === SLASH) this.state = 5;
          else rare = true;
          break;
        case 3: // InTagName
          if (endsName(c)) {
            cbs.onopentagname(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.state = 8;
            continue;
          }
          this.index = offset + this.nameEnd(this.index - offset + 1, true, false) - 1;
          break;
        case 5: // BeforeClosingTagName
          if (isLetter(c)) {
            this.state = 6;
            this.sectionStart = this.index;
          } else rare = true;
          break;
        case 6: // InClosingTagName; `/` is part of the name.
          if (c === GT || isTagSpace(c)) {
            cbs.onclosetag(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.state = 7;
            continue;
          }
          this.index = offset + this.nameEnd(this.index - offset + 1, false, false) - 1;
          break;
        case 7: // AfterClosingTagName
          if (c === GT) {
            this.state = 1;
            this.sectionStart = this.index + 1;
          } else rare = true;
          break;
        case 8: // BeforeAttributeName
          if (c === GT && !this.isSpecial) {
            cbs.onopentagend(this.index);
            this.state = 1;
            this.sectionStart = this.index + 1;
          } else if (c === GT || c === SLASH) rare = true;
          else if (!isTagSpace(c)) {
            this.state = 9;
            this.sectionStart = this.index;
          }
          break;
        case 9: // InAttributeName
          if (c === EQUALS || endsName(c)) {
            cbs.onattribname(this.sectionStart, this.index);
            this.sectionStart = this.index;
            this.state = 10;
            continue;
          }
          this.index = offset + this.nameEnd(this.index - offset + 1, true, true) - 1;
          break;
        case 10: // AfterAttributeName
          if (c === EQUALS) this.state = 11;
          else rare = true;
          break;
        case 11: // BeforeAttributeValue
          if (c === DOUBLE_QUOTE) {
            this.state = 12;
            this.sectionStart = this.index + 1;
          } else rare = true;
          break;
        case 12: // InAttributeValueDq
          if (c === DOUBLE_QUOTE) {
            cbs.onattribdata(this.sectionStart, this.index);
            this.sectionStart = -1;
            cbs.onattribend(DOUBLE_QUOTED, this.index + 1);
            this.state = 8;
          } else if (c !== AMP) this.index = this.runEnd(DOUBLE_QUOTE);
          else if (!this.commonEntity(true)) rare = true;
          break;
        case 13: // InAttributeValueSq
          if (c === SINGLE_QUOTE || c === AMP) rare = true;
          else this.index = this.runEnd(SINGLE_QUOTE);
          break;
        default:
          rare = true;
      }
      if (rare) this.other(c);
      this.index++;
    }
    this.cleanup();
  }

  /** htmlparser2's method for the current state (`parse` reads the rest itself). */
  private other(c: number): void {
    switch (this.state) {
      case 1:
        this.stateText(c);
        break;
      case 2:
        this.stateBeforeTagName(c);
        break;
      case 4:
        this.stateInSelfClosingTag(c);
        break;
      case 5:
        this.stateBeforeClosingTagName(c);
        break;
      case 7:
        this.stateAfterClosingTagName(c);
        break;
      case 8:
        this.stateBeforeAttributeName(c);
        break;
      case 10:
        this.stateAfterAttributeName(c);
        break;
      case 11:
        this.stateBeforeAttributeValue(c);
        break;
      case 12:
        this.stateInAttributeValueDoubleQuotes(c);
        break;
      case 13:
        this.stateInAttributeValueSingleQuotes(c);
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
  }

  /**
   * Reads the character reference at `index` when it is a common one closed by `;` (a name of
   * COMMON_ENTITIES, or a decimal number that decodes to itself), with the events htmlparser2's
   * decoder gives it: the text or value before it, then its code point. The decoder walks a trie
   * of every entity name, character by character, in calls of its own; this is one search. Others:
   * false, for the decoder.
   */
  private commonEntity(inAttribute: boolean): boolean {
    const buffer = this.buffer;
    const at = this.index - this.offset;
    const next = buffer.charCodeAt(at + 1);
    // An `&` before neither a letter nor `#` (`Q&A`, `a & b`) starts no reference: the decoder
    // reads nothing and it is text like any other. At the buffer's end it is the decoder's.
    if (at + 1 < buffer.length && next !== HASH && !isLetter(next)) {
      this.index = this.runEnd(inAttribute ? DOUBLE_QUOTE : LT);
      return true;
    }
    const limit = Math.min(buffer.length, at + MAX_COMMON_ENTITY);
    let semicolon = at + 1;
    while (semicolon < limit && buffer.charCodeAt(semicolon) !== SEMICOLON) semicolon++;
    if (semicolon >= limit) return false;
    let codePoint = -1;
    if (next === HASH) {
      let value = 0;
      for (let i = at + 2; i < semicolon; i++) {
        const digit = buffer.charCodeAt(i) - 0x30;
        if (digit < 0 || digit > 9) return false;
        value = value * 10 + digit;
      }
      // What the decoder replaces (NUL, C1 controls read as windows-1252, surrogates, numbers
      // past Unicode) is left to it.
      if (
        (value > 0 && value < 0x80) ||
        (value >= 0xa0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff))
      )
        codePoint = value;
    } else codePoint = COMMON_ENTITIES.get(buffer.slice(at + 1, semicolon)) ?? -1;
    if (codePoint < 0) return false;
    const start = this.index;
    const after = start + semicolon + 1 - at;
    if (inAttribute) {
      if (this.sectionStart < start) this.cbs.onattribdata(this.sectionStart, start);
    } else if (this.sectionStart < start) this.cbs.ontext(this.sectionStart, start);
    this.sectionStart = after;
    this.index = after - 1;
    if (inAttribute) this.cbs.onattribentity(codePoint);
    else this.cbs.ontextentity(codePoint, after);
    return true;
  }

  override stateBeforeDeclaration(c: number): void {
    if (c === OPEN_BRACKET && this.inForeignContent !== null && !this.inForeignContent())
      this.state = IN_DECLARATION;
    else super.stateBeforeDeclaration(c);
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

/** What opening and closing a tag does to the open elements, from the sets above: one lookup per tag. */
interface TagRule {
  /** OPEN_IMPLIES_CLOSE's set for the tag. */
  closes: ReadonlySet<string> | null;
  void: boolean;
  /** true: it opens SVG or MathML (FOREIGN_CONTEXT_TAGS); false: HTML inside them; null: neither. */
  foreign: boolean | null;
}
const TAG_RULES = new Map<string, TagRule>();
for (const tag of [
  ...OPEN_IMPLIES_CLOSE.keys(),
  ...VOID_TAGS,
  ...FOREIGN_CONTEXT_TAGS,
  ...HTML_INTEGRATION_TAGS,
]) {
  const foreign = FOREIGN_CONTEXT_TAGS.has(tag) ? true : HTML_INTEGRATION_TAGS.has(tag) ? false : null;
  TAG_RULES.set(tag, { closes: OPEN_IMPLIES_CLOSE.get(tag) ?? null, void: VOID_TAGS.has(tag), foreign });
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
    const rule = TAG_RULES.get(tag);
    const closes = rule?.closes;
    if (closes) while (this.open.length > 0 && closes.has(this.current.tag)) this.open.pop();
    const el = new Elem(tag, attributesObject(), this.current);
    this.opening = el;
    if (rule?.void) return;
    this.open.push(el);
    const foreign = rule?.foreign;
    if (foreign !== undefined && foreign !== null) this.foreign.push(foreign);
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
    const rule = TAG_RULES.get(tag);
    if (rule?.foreign !== undefined && rule.foreign !== null) this.foreign.pop();
    if (rule?.void) {
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
  const inForeignContent = html.includes('<![CDATA[') ? () => builder.inForeignContent() : null;
  const tokenizer = new FastTokenizer({ decodeEntities: true }, builder, inForeignContent);
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

/** The heading elements, `h1` to `h6`. */
export const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

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
