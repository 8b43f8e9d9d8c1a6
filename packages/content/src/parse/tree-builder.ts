import type { TokenizerCallbacks } from 'htmlparser2';
import { attributesObject, Elem, Text } from './nodes';

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
export class TreeBuilder implements TokenizerCallbacks {
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
