import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { SaxesParser } from 'saxes';

/**
 * One sitemap file, read as a stream: the body is gunzipped (when its first bytes are gzip's
 * magic, whatever the name or Content-Type says), decoded and fed to a SAX parser chunk by chunk,
 * so no tree is ever built and reading stops as soon as a cap is reached. Understands sitemaps.org
 * `<urlset>` and `<sitemapindex>` (any namespace prefix; `<image:>`, `<news:>`, `<video:>` and
 * other extensions are skipped), RSS 2.0 / RSS 1.0 and Atom feeds, and plain-text sitemaps (one
 * URL a line). XML entities, character references, CDATA and a byte-order mark are handled by the
 * parser and the decoder; markup errors are counted, not fatal (what was read stays read).
 */

export type SitemapKind = 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | 'unknown';

export interface SitemapEntry {
  /** As written in the file (trimmed); the caller normalises. */
  loc: string;
  /** ISO 8601 UTC, when the entry had a date that parses. */
  lastmod?: string;
}

export interface ParseLimits {
  /** Entries read from one file at most (sitemaps.org: 50,000). */
  maxEntries: number;
  /** Uncompressed bytes read from one file at most (sitemaps.org: 50 MB). */
  maxBytes: number;
}

export const SITEMAPS_ORG_LIMITS: ParseLimits = { maxEntries: 50_000, maxBytes: 50 * 1024 * 1024 };

export interface ParsedSitemap {
  kind: SitemapKind;
  /** Page entries delivered to onUrl (urlset, feeds, text). */
  urls: number;
  /** Child sitemaps delivered to onSitemap (sitemapindex). */
  sitemaps: number;
  /** The file held more than was read: a cap was reached or a callback asked to stop. */
  truncated: boolean;
  /** Uncompressed bytes read. */
  bytes: number;
  /** Markup or decompression errors met (the file was read past them). */
  errors: number;
}

export interface ParseHandlers {
  /** A page URL; return false to stop reading (the caller's limit). */
  onUrl(entry: SitemapEntry): boolean;
  /** A child sitemap of an index; return false to stop reading. */
  onSitemap(entry: SitemapEntry): boolean;
}

const CHUNK_BYTES = 64 * 1024;

export function isGzip(body: Uint8Array): boolean {
  return body[0] === 0x1f && body[1] === 0x8b;
}

/** Parses one sitemap body (the bytes as fetched, transport encoding already undone). */
export async function parseSitemap(
  body: Uint8Array,
  handlers: ParseHandlers,
  limits: ParseLimits = SITEMAPS_ORG_LIMITS,
): Promise<ParsedSitemap> {
  const reader = new SitemapReader(handlers, limits);
  const chunks = isGzip(body) ? gunzipChunks(body, reader) : plainChunks(body);
  for await (const chunk of chunks) {
    if (!reader.feed(chunk)) break;
  }
  return reader.finish();
}

function* plainChunks(body: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < body.length; at += CHUNK_BYTES) yield body.subarray(at, at + CHUNK_BYTES);
}

async function* gunzipChunks(body: Uint8Array, reader: SitemapReader): AsyncGenerator<Uint8Array> {
  // A file cut short is read up to its last complete block, as the fetcher does for transport gzip.
  const gunzip = zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const source = Readable.from(plainChunks(body)).pipe(gunzip);
  try {
    for await (const chunk of source) yield chunk as Uint8Array;
  } catch {
    reader.countError();
  } finally {
    source.destroy();
  }
}

/** Where a text value goes once its element closes. */
type Slot = 'loc' | 'lastmod' | null;

class SitemapReader {
  readonly #handlers: ParseHandlers;
  readonly #limits: ParseLimits;
  readonly #decoder = new TextDecoder('utf-8');
  #result: ParsedSitemap = { kind: 'unknown', urls: 0, sitemaps: 0, truncated: false, bytes: 0, errors: 0 };
  #stopped = false;
  #format: 'xml' | 'text' | undefined;
  #xml: SaxesParser | undefined;
  #textRest = '';
  /** Local names of the open elements, outermost first. */
  #path: string[] = [];
  #slot: Slot = null;
  #text = '';
  #entry: Partial<SitemapEntry> = {};

  constructor(handlers: ParseHandlers, limits: ParseLimits) {
    this.#handlers = handlers;
    this.#limits = limits;
  }

  countError(): void {
    this.#result.errors += 1;
  }

  /** Feeds raw bytes; false once reading should stop. */
  feed(chunk: Uint8Array): boolean {
    if (this.#stopped) return false;
    const room = this.#limits.maxBytes - this.#result.bytes;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#result.bytes += part.length;
    this.#write(this.#decoder.decode(part, { stream: true }));
    if (part.length < chunk.length) this.#stop();
    return !this.#stopped;
  }

  finish(): ParsedSitemap {
    if (!this.#stopped) {
      this.#write(this.#decoder.decode());
      if (this.#format === 'text') this.#textLine(this.#textRest);
      else this.#xml?.close();
    }
    return this.#result;
  }

  #stop(): void {
    this.#stopped = true;
    this.#result.truncated = true;
  }

  #write(text: string): void {
    if (!text || this.#stopped) return;
    if (!this.#format) {
      const first = text.trimStart()[0];
      if (first === undefined) return; // only whitespace so far
      this.#format = first === '<' ? 'xml' : 'text';
      if (this.#format === 'xml') this.#xml = this.#xmlParser();
      else this.#result.kind = 'text';
    }
    if (this.#xml) this.#xml.write(text);
    else this.#textChunk(text);
  }

  #textChunk(text: string): void {
    const lines = (this.#textRest + text).split('\n');
    this.#textRest = lines.pop() ?? '';
    for (const line of lines) {
      if (this.#stopped) return;
      this.#textLine(line);
    }
  }

  #textLine(line: string): void {
    const loc = line.trim();
    if (/^https?:\/\//i.test(loc)) this.#deliver('url', { loc });
  }

  #xmlParser(): SaxesParser {
    const parser = new SaxesParser({ xmlns: false, position: false });
    parser.on('error', () => this.countError());
    parser.on('opentag', (tag) => {
      if (this.#stopped) return;
      const name = localName(tag.name);
      const parent = this.#path.at(-1);
      this.#path.push(name);
      if (this.#path.length === 1) this.#result.kind = rootKind(name);
      this.#slot = this.#slotFor(name, parent);
      this.#text = '';
      // Atom carries the entry's address in an attribute: <link rel="alternate" href="…"/>.
      if (this.#result.kind === 'atom' && name === 'link' && parent === 'entry') {
        const rel = attribute(tag.attributes, 'rel');
        const href = attribute(tag.attributes, 'href');
        if (href && (!rel || rel === 'alternate') && !this.#entry.loc) this.#entry.loc = href.trim();
      }
    });
    const onText = (text: string) => {
      if (this.#slot) this.#text += text;
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
    parser.on('closetag', (tag) => {
      if (this.#stopped) return;
      const name = localName(tag.name);
      this.#path.pop();
      if (this.#slot) this.#fill(this.#slot, this.#text.trim());
      this.#slot = null;
      this.#closeEntry(name);
    });
    return parser;
  }

  /** Which text of the element at hand is kept: a slot only inside the entry element itself. */
  #slotFor(name: string, parent: string | undefined): Slot {
    switch (this.#result.kind) {
      case 'urlset':
      case 'sitemapindex':
        if (parent !== 'url' && parent !== 'sitemap') return null;
        return name === 'loc' ? 'loc' : name === 'lastmod' ? 'lastmod' : null;
      case 'rss':
        if (parent !== 'item') return null;
        return name === 'link' ? 'loc' : name === 'pubDate' || name === 'date' ? 'lastmod' : null;
      case 'atom':
        if (parent !== 'entry') return null;
        return name === 'updated' || (name === 'published' && !this.#entry.lastmod) ? 'lastmod' : null;
      default:
        return null;
    }
  }

  #fill(slot: 'loc' | 'lastmod', value: string): void {
    if (!value) return;
    if (slot === 'loc') {
      if (!this.#entry.loc) this.#entry.loc = value;
    } else {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) this.#entry.lastmod = new Date(time).toISOString();
    }
  }

  #closeEntry(name: string): void {
    const kind = this.#result.kind;
    const isEntry =
      ((kind === 'urlset' || kind === 'sitemapindex') && (name === 'url' || name === 'sitemap')) ||
      (kind === 'rss' && name === 'item') ||
      (kind === 'atom' && name === 'entry');
    if (!isEntry) return;
    const { loc, lastmod } = this.#entry;
    this.#entry = {};
    if (!loc) return;
    const entry: SitemapEntry = lastmod ? { loc, lastmod } : { loc };
    this.#deliver(name === 'sitemap' ? 'sitemap' : 'url', entry);
  }

  #deliver(kind: 'url' | 'sitemap', entry: SitemapEntry): void {
    const read = this.#result.urls + this.#result.sitemaps;
    if (read >= this.#limits.maxEntries) {
      this.#stop();
      return;
    }
    const more = kind === 'url' ? this.#handlers.onUrl(entry) : this.#handlers.onSitemap(entry);
    if (kind === 'url') this.#result.urls += 1;
    else this.#result.sitemaps += 1;
    if (!more) this.#stop();
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function rootKind(name: string): SitemapKind {
  switch (name) {
    case 'urlset':
      return 'urlset';
    case 'sitemapindex':
      return 'sitemapindex';
    case 'rss':
    case 'RDF':
      return 'rss';
    case 'feed':
      return 'atom';
    default:
      return 'unknown';
  }
}

function attribute(attributes: Record<string, unknown>, name: string): string | undefined {
  const value = attributes[name];
  return typeof value === 'string' ? value : undefined;
}
