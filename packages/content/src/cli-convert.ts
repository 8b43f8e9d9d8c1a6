/** One file through the content engine for the CLI: read, decode, convert, format its output. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decodeHtml, processHtml } from '.';
import { markdownToText } from './markdown/plain-text';
import type { ContentOptions, LinkStyle, Mode, OutputFormat } from './types';

export const EXTRAS = ['links', 'images', 'tables', 'warnings', 'stats'] as const;
export type Extra = (typeof EXTRAS)[number];

/** The command line, parsed: plain data, so it can cross to worker threads. */
export interface CliSettings {
  mode: Mode;
  format: 'markdown' | 'html' | 'text' | 'json';
  url?: string;
  jsonl: boolean;
  query: string;
  links: LinkStyle;
  images: LinkStyle;
  extras: Extra[];
}

/** `text` is written as it is; `item` joins the JSON array of `--format json`. */
export type Converted =
  | { file: string; ok: true; text?: string; item?: object }
  | { file: string; ok: false; error: string };

/** Gzip is recognised by its magic bytes, whatever the file is called. */
function readPage(file: string): Buffer {
  const bytes = readFileSync(file);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

export function convertFile(file: string, settings: CliSettings): Converted {
  let html: string;
  try {
    html = decodeHtml(readPage(file)).html;
  } catch (err) {
    return { file, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const structured = settings.jsonl || settings.format === 'json';
  const extras = new Set(structured ? settings.extras : []);
  const outputs: OutputFormat[] = settings.format === 'html' ? ['html'] : ['markdown'];
  if (extras.has('links')) outputs.push('links');
  if (extras.has('images')) outputs.push('images');
  const plain = settings.format === 'text';
  const options: ContentOptions = {
    url: settings.url ?? pathToFileURL(resolve(file)).href,
    outputs,
    mode: settings.mode,
    query: settings.query,
    links: plain ? 'none' : settings.links,
    images: plain ? 'none' : settings.images,
    // Structured output carries the rich link and image objects, as markdownIncludeMedia does.
    includeMedia: extras.has('links') || extras.has('images') || extras.has('tables'),
    includeWarnings: extras.has('warnings'),
    includeStats: extras.has('stats'),
  };
  const result = processHtml(html, options);
  if (settings.jsonl) {
    const { markdown, metadata, links, images, tables, warnings, stats } = result;
    return {
      file,
      ok: true,
      text: JSON.stringify({ file, markdown, metadata, links, images, tables, warnings, stats }),
    };
  }
  if (settings.format === 'json') return { file, ok: true, item: { file, ...result } };
  const text =
    settings.format === 'html'
      ? (result.html ?? '')
      : plain
        ? markdownToText(result.markdown ?? '')
        : (result.markdown ?? '');
  return { file, ok: true, text };
}
