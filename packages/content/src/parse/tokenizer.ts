import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

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
export class FastTokenizer extends (Tokenizer as unknown as new (
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
