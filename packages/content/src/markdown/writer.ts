/**
 * Streaming Markdown text builder. Block structure is expressed by requesting breaks
 * (`block()`, `newline()`); they are materialised lazily when content follows, so empty
 * elements never leave stray blank lines, and nested prefixes (blockquote `> `, list
 * indentation) are written at the start of every line.
 */
export class MarkdownWriter {
  // Fields declared and set in the constructor, not initialized: `sub` makes a writer for many
  // elements of a page, and initializers cost V8 a call of their own for each.
  declare private readonly compact: boolean;
  declare private parts: string[];
  declare prefix: string;
  declare private pending: number;
  declare private hard: boolean;
  declare private started: boolean;
  declare private lineOpen: boolean;
  declare private lineHasContent: boolean;
  declare private spaceOwed: boolean;
  /** After a list marker: breaks requested before the item's first content are ignored. */
  declare private justOpened: boolean;
  declare leadingSpace: boolean;
  /** A line break was asked for before any content (`<b><br>x</b>`): the caller re-applies it outside. */
  declare leadingBreak: boolean;
  declare blocks: number;

  constructor(compact = false) {
    this.compact = compact;
    this.parts = [];
    this.prefix = '';
    this.pending = 0;
    this.hard = false;
    this.started = false;
    this.lineOpen = false;
    this.lineHasContent = false;
    this.spaceOwed = false;
    this.justOpened = false;
    this.leadingSpace = false;
    this.leadingBreak = false;
    this.blocks = 0;
  }

  get isEmpty(): boolean {
    return !this.started;
  }

  get trailingSpace(): boolean {
    return this.spaceOwed;
  }

  /** A break is owed after the last content (`<b>x<br></b>`): the caller re-applies it outside. */
  get trailingBreak(): boolean {
    return this.started && this.pending > 0;
  }

  block(): void {
    if (this.started && !this.justOpened) this.pending = this.compact ? Math.max(this.pending, 1) : 2;
    this.spaceOwed = false;
  }

  newline(): void {
    if (this.started && !this.justOpened && this.pending < 1) this.pending = 1;
    this.spaceOwed = false;
  }

  hardBreak(): void {
    if (!this.started) this.leadingBreak = true;
    if (this.started && !this.justOpened && this.pending < 1) {
      this.pending = 1;
      this.hard = true;
    }
    this.spaceOwed = false;
  }

  /** Writes pending breaks and the line prefix so content can follow. */
  private open(): void {
    if (this.pending) {
      if (this.pending === 1) this.parts.push(this.hard ? '  \n' : '\n');
      else this.parts.push('\n', this.prefix.trimEnd(), '\n');
      if (this.pending === 2 || this.compact) this.blocks++;
      this.pending = 0;
      this.hard = false;
      this.lineOpen = false;
      this.lineHasContent = false;
      this.spaceOwed = false;
    }
    if (!this.lineOpen) {
      if (this.prefix) this.parts.push(this.prefix);
      this.lineOpen = true;
    }
    if (!this.started) {
      this.started = true;
      this.blocks++;
    }
    this.justOpened = false;
  }

  /** Inline text whose whitespace is already collapsed to single spaces. */
  text(s: string, escapeLineStart = true): void {
    if (!s) return;
    const lead = s.charCodeAt(0) === 32;
    const trail = s.length > 1 && s.charCodeAt(s.length - 1) === 32;
    const core = lead || trail ? s.trim() : s;
    if (lead) {
      if (!this.started) this.leadingSpace = true;
      this.spaceOwed = true;
    }
    if (!core) return;
    this.open();
    if (this.spaceOwed && this.lineHasContent) this.parts.push(' ');
    this.spaceOwed = false;
    this.parts.push(!this.lineHasContent && escapeLineStart ? escapeLineStartText(core) : core);
    this.lineHasContent = true;
    if (trail) this.spaceOwed = true;
  }

  /** Pre-rendered inline Markdown that may contain hard line breaks. */
  inline(md: string, spaceBefore = false, spaceAfter = false): void {
    if (spaceBefore) this.spaceOwed = true;
    if (!md) {
      if (spaceAfter) this.spaceOwed = true;
      return;
    }
    this.open();
    if (this.spaceOwed && this.lineHasContent) this.parts.push(' ');
    this.spaceOwed = false;
    this.parts.push(md.includes('\n') ? md.replaceAll('\n', `\n${this.prefix}`) : md);
    this.lineHasContent = true;
    if (spaceAfter) this.spaceOwed = true;
  }

  /** Literal lines (code blocks, tables): written verbatim under the current prefix. */
  lines(lines: readonly string[]): void {
    lines.forEach((line, i) => {
      if (i === 0) this.open();
      else this.parts.push(line ? `\n${this.prefix}` : `\n${this.prefix.trimEnd()}`);
      this.parts.push(line);
    });
    this.lineHasContent = true;
  }

  /** Starts a list item: marker at the current prefix, continuation lines indented under it. */
  listItem(marker: string): string {
    this.newline();
    this.open();
    this.parts.push(marker);
    const outer = this.prefix;
    this.prefix += ' '.repeat(marker.length);
    this.lineHasContent = false;
    this.justOpened = true;
    return outer;
  }

  endListItem(outerPrefix: string): void {
    this.prefix = outerPrefix;
    this.justOpened = false;
  }

  toString(): string {
    return this.parts.join('');
  }
}

const LINE_START_SPECIAL = /^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$)|={3,}|-{3,}|~~~|```)/;

export function escapeLineStartText(s: string): string {
  if (!LINE_START_SPECIAL.test(s)) return s;
  const m = /^\d+/.exec(s);
  if (m) return `${m[0]}\\${s.slice(m[0].length)}`;
  return `\\${s}`;
}

const INLINE_SPECIAL = /[\\*_`[\]<]/;

/** Escapes characters that would otherwise start Markdown syntax inside running text. */
export function escapeMarkdownText(s: string): string {
  if (!INLINE_SPECIAL.test(s)) return s;
  return s.replace(/[\\*`[\]]|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_|<(?=[A-Za-z/!?])/gu, (c) => `\\${c}`);
}
