import { IMAGE_SCORE_THRESHOLD, scoreImage } from '../media/image-score';
import { describeElement, type Elem, findAll, type Node } from '../parse';
import type { UrlResolver } from '../parse/url-resolver';
import { isDataTable } from '../table-kind';
import type { LinkStyle, TableItem, Warning } from '../types';
import { renderTable } from './gfm-table';
import { escapeLineStartText, escapeMarkdownText, MarkdownWriter } from './writer';

export interface MarkdownOptions {
  links: LinkStyle;
  images: LinkStyle;
  resolver: UrlResolver;
  compact: boolean;
  filterImages: boolean;
  /** llm mode: drop images without alt text and in-page anchor links. */
  dropNoise: boolean;
  removeBase64Images: boolean;
  /** Elements the BM25 filter rejected. */
  skip?: ReadonlySet<Elem>;
  /** Collect each link's URL and text, and each image's, into `links` and `images` (summaries). */
  collectMedia?: boolean;
}

export interface MarkdownResult {
  markdown: string;
  blocks: number;
  tables: TableItem[];
  warnings: Warning[];
  links: Array<{ url: string; text: string }>;
  images: Array<{ url: string; alt: string }>;
}

const SKIP = new Set([
  'head',
  'title',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'button',
  'select',
  'option',
  'input',
  'textarea',
  'map',
  'area',
  'audio',
  'video',
  'source',
  'track',
  'datalist',
  'meta',
  'link',
  'base',
  'dialog',
  'frame',
  'frameset',
  'param',
  'wbr',
]);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'address',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'fieldset',
  'legend',
  'center',
  'hgroup',
  'form',
  'body',
  'html',
  'caption',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'menu',
  'search',
  'li',
  'ul',
  'ol',
]);

/** How `element` renders a tag, for RENDER_KIND; a heading is HEADING plus its level. */
const SKIPPED = 0;
const BREAK = 1;
const RULE = 2;
const STRONG = 3;
const EMPHASIS = 4;
const STRUCK = 5;
const CODE = 6;
const PRE = 7;
const LINK = 8;
const IMAGE = 9;
const LIST = 10;
const QUOTE = 11;
const TABLE = 12;
const LINE = 13;
const BLOCK_ELEMENT = 14;
const HEADING = 20;

/**
 * The rendering of each tag that is not plain inline content, in one lookup (what was a set, a
 * table and a chain of tag tests for every element). Set in order of precedence: skipped tags,
 * headings, the tags with a rendering of their own, then blocks (`li`, `ul`… are blocks too).
 */
const RENDER_KIND = new Map<string, number>();
const kinds: Array<[number, readonly string[]]> = [
  [SKIPPED, [...SKIP]],
  ...[1, 2, 3, 4, 5, 6].map((level): [number, string[]] => [HEADING + level, [`h${level}`]]),
  [BREAK, ['br']],
  [RULE, ['hr']],
  [STRONG, ['strong', 'b']],
  [EMPHASIS, ['em', 'i']],
  [STRUCK, ['del', 's', 'strike']],
  [CODE, ['code', 'kbd', 'samp', 'tt']],
  [PRE, ['pre']],
  [LINK, ['a']],
  [IMAGE, ['img']],
  [LIST, ['ul', 'ol']],
  [QUOTE, ['blockquote']],
  [TABLE, ['table']],
  [LINE, ['li', 'dt', 'dd', 'tr']],
  [BLOCK_ELEMENT, [...BLOCK]],
];
for (const [kind, tags] of kinds)
  for (const tag of tags) if (!RENDER_KIND.has(tag)) RENDER_KIND.set(tag, kind);
const WS = /\s+/g;
const ALL_SPACE = /^\s+$/;

/**
 * A label and its value laid out side by side as two inline cells ("Publisher" then "Houghton
 * Mifflin", spans classed `details_name` and `details_value`), often without whitespace between
 * them in the markup: the value starts after a space, or the two read as one word.
 */
const LABEL_CELL = /(?:^|[\s_-])(?:label|name|key|term)(?:$|[\s_-])/i;
const VALUE_CELL = /(?:^|[\s_-])(?:value|val)(?:$|[\s_-])/i;

function isValueCell(el: Elem): boolean {
  if (!VALUE_CELL.test(el.attrs.class ?? '') || !el.parent) return false;
  const siblings = el.parent.children;
  for (let i = siblings.indexOf(el) - 1; i >= 0; i--) {
    const prev = siblings[i] as Node;
    if (prev.type === 1) return LABEL_CELL.test(prev.attrs.class ?? '');
    if (!ALL_SPACE.test(prev.text)) return false;
  }
  return false;
}

/** Most URLs hold no parenthesis or space: the test spares them the replace's call per URL. */
const URL_SPECIAL = /[()\s]/;

function markdownUrl(url: string): string {
  if (!URL_SPECIAL.test(url)) return url;
  return url.replace(/[()\s]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : '%20'));
}

/**
 * What a text node changes as running text: whitespace other than a single space (collapsed), or a
 * character escapeMarkdownText escapes. Most text nodes hold none, and one test spares them both passes.
 */
const TEXT_SPECIAL = /[^\S ]| {2}|[\\*_`[\]<]/;

/** A text node's whitespace collapsed and its Markdown syntax escaped. */
function inlineText(text: string): string {
  return TEXT_SPECIAL.test(text) ? escapeMarkdownText(text.replace(WS, ' ')) : text;
}

/** Walks an element tree once and writes Markdown; tables and media are collected on the way. */
export class MarkdownRenderer {
  readonly tables: TableItem[] = [];
  readonly warnings: Warning[] = [];
  readonly links: Array<{ url: string; text: string }> = [];
  readonly images: Array<{ url: string; alt: string }> = [];
  private readonly linkRefs = new Map<string, number>();
  private readonly imageRefs = new Map<string, number>();

  constructor(private readonly opts: MarkdownOptions) {}

  render(root: Elem): MarkdownResult {
    const w = new MarkdownWriter(this.opts.compact);
    this.children(root, w);
    let markdown = w.toString();
    const footers: string[] = [];
    if (this.linkRefs.size) footers.push(refFooter(this.linkRefs, ''));
    if (this.imageRefs.size) footers.push(refFooter(this.imageRefs, 'img'));
    if (footers.length) markdown += `${markdown ? '\n\n' : ''}${footers.join('\n\n')}`;
    return {
      markdown,
      blocks: w.blocks,
      tables: this.tables,
      warnings: this.warnings,
      links: this.links,
      images: this.images,
    };
  }

  private children(el: Elem, w: MarkdownWriter): void {
    for (const child of el.children) {
      if (child.type === 3) {
        const text = child.text;
        // Text written as it reads (a single space between tags included) passes one test; other
        // whitespace between tags is one space, without the replace.
        if (!TEXT_SPECIAL.test(text)) w.text(text);
        else w.text(ALL_SPACE.test(text) ? ' ' : inlineText(text));
      } else this.element(child, w);
    }
  }

  /** Renders inline content of `el` into a fresh writer, for wrapping in markers. */
  private sub(el: Elem): Inline {
    const only = el.children.length === 1 ? el.children[0] : undefined;
    if (only?.type === 3) return new TextInline(only.text);
    const w = new MarkdownWriter(this.opts.compact);
    this.children(el, w);
    return w;
  }

  private element(el: Elem, w: MarkdownWriter): void {
    const kind = RENDER_KIND.get(el.tag);
    if (kind === SKIPPED || this.opts.skip?.has(el)) return;
    switch (kind) {
      case undefined:
        if (isValueCell(el)) w.text(' ');
        this.children(el, w);
        return;
      case BREAK:
        w.hardBreak();
        return;
      case RULE:
        w.block();
        w.lines(['---']);
        w.block();
        return;
      case STRONG:
        this.wrapped(el, '**', w);
        return;
      case EMPHASIS:
        this.wrapped(el, '*', w);
        return;
      case STRUCK:
        this.wrapped(el, '~~', w);
        return;
      case CODE:
        this.inlineCode(el, w);
        return;
      case PRE:
        this.pre(el, w);
        return;
      case LINK:
        this.link(el, w);
        return;
      case IMAGE:
        this.image(el, w);
        return;
      case LIST:
        this.list(el, w);
        return;
      case QUOTE:
        this.blockquote(el, w);
        return;
      case TABLE:
        this.table(el, w);
        return;
      case LINE:
        w.newline();
        this.children(el, w);
        w.newline();
        return;
      case BLOCK_ELEMENT:
        w.block();
        this.children(el, w);
        w.block();
        return;
      default:
        this.heading(el, kind - HEADING, w);
    }
  }

  private heading(el: Elem, level: number, w: MarkdownWriter): void {
    const text = this.sub(el)
      .toString()
      .replace(/\s*\n+\s*/g, ' ')
      .trim();
    if (!text) return;
    w.block();
    w.inline(`${'#'.repeat(level)} ${text}`);
    w.block();
  }

  private wrapped(el: Elem, marker: string, w: MarkdownWriter): void {
    const inner = this.sub(el);
    const md = inner.toString();
    // Emphasis cannot span blocks or line breaks; such content keeps its text without the markers.
    this.embed(inner, md.includes('\n') || !md ? md : `${marker}${md}${marker}`, w);
  }

  /** Writes rendered inline content with the spaces and line breaks its edges had inside. */
  private embed(inner: Inline, md: string, w: MarkdownWriter): void {
    if (inner.leadingBreak) w.hardBreak();
    w.inline(md, inner.leadingSpace, inner.trailingSpace);
    if (inner.trailingBreak) w.hardBreak();
  }

  private inlineCode(el: Elem, w: MarkdownWriter): void {
    const raw = plainText(el);
    const text = raw.replace(WS, ' ');
    const core = text.trim();
    if (!core) {
      w.text(text ? ' ' : '');
      return;
    }
    const ticks = core.includes('`') ? '``' : '`';
    const pad = core.startsWith('`') || core.endsWith('`') ? ' ' : '';
    w.inline(`${ticks}${pad}${core}${pad}${ticks}`, text.startsWith(' '), text.endsWith(' '));
  }

  private pre(el: Elem, w: MarkdownWriter): void {
    let text = plainText(el);
    if (text.startsWith('\n')) text = text.slice(1);
    text = text.replace(/\s+$/, '');
    if (!text.trim()) return;
    const code = el.children.find((c) => c.type === 1 && c.tag === 'code') as Elem | undefined;
    const cls = `${el.attrs.class ?? ''} ${code?.attrs.class ?? ''}`;
    const lang = /(?:^|\s)(?:lang(?:uage)?-)([\w+#.-]+)/.exec(cls)?.[1] ?? '';
    let fence = '```';
    while (text.includes(fence)) fence += '`';
    w.block();
    w.lines([fence + lang, ...text.split('\n'), fence]);
    w.block();
  }

  private link(el: Elem, w: MarkdownWriter): void {
    const href = el.attrs.href;
    const url = href === undefined ? null : this.opts.resolver.resolve(href);
    const style = this.opts.links;
    const isAnchorNoise = this.opts.dropNoise && href?.trim().startsWith('#');
    if (!url || style === 'none' || isAnchorNoise || url.startsWith('data:')) {
      this.children(el, w);
      return;
    }
    const inner = this.sub(el);
    const md = inner.toString().trim();
    if (this.opts.collectMedia) this.links.push({ url, text: md.replace(/\s+/g, ' ') });
    if (!md) return;
    if (md.includes('\n')) {
      // Block content inside a link (cards, teasers): keep the blocks, link the first heading line.
      const linked = md.replace(
        /^(#{1,6} )(.+)$/m,
        (_m, h: string, t: string) => `${h}${this.linkMarkup(t, url)}`,
      );
      w.block();
      w.inline(linked);
      w.block();
      return;
    }
    this.embed(inner, style === 'text' ? `${md} (${url})` : this.linkMarkup(md, url), w);
  }

  private linkMarkup(text: string, url: string): string {
    if (this.opts.links === 'references') {
      let n = this.linkRefs.get(url);
      if (n === undefined) {
        n = this.linkRefs.size + 1;
        this.linkRefs.set(url, n);
      }
      return `[${text}][${n}]`;
    }
    return `[${text}](${markdownUrl(url)})`;
  }

  private image(el: Elem, w: MarkdownWriter): void {
    const style = this.opts.images;
    const src = el.attrs.src ?? el.attrs.srcset?.trim().split(/\s+/)[0];
    const url = this.opts.resolver.resolve(src);
    if (!url || (this.opts.removeBase64Images && url.startsWith('data:'))) return;
    const alt = (el.attrs.alt ?? '').replace(WS, ' ').trim();
    if (this.opts.filterImages && scoreImage(el, url) < IMAGE_SCORE_THRESHOLD) return;
    if (this.opts.dropNoise && !alt) return;
    if (this.opts.collectMedia) this.images.push({ url, alt });
    const safeAlt = alt.replace(/[[\]\\]/g, (c) => `\\${c}`);
    switch (style) {
      case 'none':
        return;
      case 'text':
        w.text(alt ? ` ${escapeMarkdownText(alt)} ` : '');
        return;
      case 'references': {
        let n = this.imageRefs.get(url);
        if (n === undefined) {
          n = this.imageRefs.size + 1;
          this.imageRefs.set(url, n);
        }
        w.inline(`![${safeAlt}][img${n}]`);
        return;
      }
      default:
        w.inline(`![${safeAlt}](${markdownUrl(url)})`);
        return;
    }
  }

  private list(el: Elem, w: MarkdownWriter): void {
    const ordered = el.tag === 'ol';
    let n = ordered ? Number.parseInt(el.attrs.start ?? '1', 10) : 1;
    if (!Number.isFinite(n)) n = 1;
    const nested = el.parent?.tag === 'li';
    if (nested) w.newline();
    else w.block();
    for (const child of el.children) {
      if (child.type === 3) {
        if (child.text.trim()) w.text(inlineText(child.text));
        continue;
      }
      if (child.tag !== 'li') {
        this.element(child, w);
        continue;
      }
      if (this.opts.skip?.has(child)) continue;
      const outer = w.listItem(ordered ? `${n++}. ` : '- ');
      this.children(child, w);
      w.endListItem(outer);
    }
    if (nested) w.newline();
    else w.block();
  }

  private blockquote(el: Elem, w: MarkdownWriter): void {
    const inner = this.sub(el).toString().trim();
    if (!inner) return;
    w.block();
    w.lines(inner.split('\n').map((l) => (l ? `> ${l}` : '>')));
    w.block();
  }

  private table(el: Elem, w: MarkdownWriter): void {
    // A table whose cells hold data tables is a container: GFM cannot nest tables, so it is laid
    // out like a layout table and the inner tables stay real tables.
    if (!isDataTable(el) || findAll(el, (e) => e !== el && e.tag === 'table' && isDataTable(e)).length) {
      // Layout table: its cells are page regions, rendered as consecutive blocks.
      w.block();
      this.children(el, w);
      w.block();
      return;
    }
    const result = renderTable(el, (cell) => this.sub(cell).toString());
    if (!result) return;
    if (result.caption) {
      w.block();
      w.inline(result.caption);
    }
    w.block();
    w.lines(result.gfm.split('\n'));
    w.block();
    this.tables.push({ kind: result.kind, gfm: result.gfm, rows: result.rows, cols: result.cols });
    for (const reason of result.lossy) {
      this.warnings.push({ code: 'lossy_table', message: reason, element: describeElement(el) });
    }
  }
}

/** Rendered inline content: what `embed` needs of a writer. */
interface Inline {
  readonly leadingSpace: boolean;
  readonly trailingSpace: boolean;
  readonly leadingBreak: boolean;
  readonly trailingBreak: boolean;
  toString(): string;
}

/**
 * An element holding one text node, as a fresh writer would render it (`children`, then
 * MarkdownWriter.text), without making one: most links, emphasis and headings are just that. A
 * class, not an object literal with a `toString` closure: one allocation per element instead of two.
 */
class TextInline implements Inline {
  declare private readonly md: string;
  declare readonly leadingSpace: boolean;
  declare readonly trailingSpace: boolean;
  declare readonly leadingBreak: boolean;
  declare readonly trailingBreak: boolean;

  constructor(text: string) {
    let md = '';
    let lead = false;
    let trail = false;
    if (ALL_SPACE.test(text)) {
      lead = true;
      trail = true;
    } else if (text) {
      const s = inlineText(text);
      lead = s.charCodeAt(0) === 32;
      const end = s.length > 1 && s.charCodeAt(s.length - 1) === 32;
      const core = lead || end ? s.trim() : s;
      if (core) {
        md = escapeLineStartText(core);
        trail = end;
      } else trail = lead;
    }
    this.md = md;
    this.leadingSpace = lead;
    this.trailingSpace = trail;
    this.leadingBreak = false;
    this.trailingBreak = false;
  }

  toString(): string {
    return this.md;
  }
}

/** Text of a subtree with `<br>` as a newline: code keeps its own whitespace. */
function plainText(node: Node): string {
  if (node.type === 3) return node.text;
  if (node.tag === 'br') return '\n';
  let out = '';
  for (const c of node.children) out += plainText(c);
  return out;
}

function refFooter(refs: Map<string, number>, prefix: string): string {
  const lines: string[] = [];
  for (const [url, n] of refs) lines.push(`[${prefix}${n}]: ${markdownUrl(url)}`);
  return lines.join('\n');
}
