import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { note, printResult } from './cli-output';
import type { Webcapture } from './client';
import type { BulkJob, BulkKind, ScrapeRequest, ScrapeResult, ScreenshotRequest } from './types';

type ScrapeFormat = NonNullable<ScrapeRequest['formats']>[number];
interface JsonOption {
  json?: boolean;
}

export async function scrapeCommand(
  client: Webcapture,
  url: string,
  options: JsonOption & { format: ScrapeFormat[]; mode?: 'article' | 'raw' | 'llm'; render?: boolean },
): Promise<void> {
  const request: ScrapeRequest = { url, formats: options.format };
  if (options.mode) request.markdownMode = options.mode;
  if (options.render) request.wait_until = 'networkidle';
  const result = await client.scrapeAndWait(request, {
    onProgress: (job) => note(`rendering ${url}: ${job.status}`),
  });
  printResult(result, options.json === true, soleFormat(result, options.format));
}

/** The content itself when exactly one text format was asked for; otherwise the envelope is printed. */
function soleFormat(result: ScrapeResult, formats: ScrapeFormat[]): string | undefined {
  if (formats.length !== 1) return undefined;
  const value = (result.formats as Record<string, unknown>)[formats[0] as string];
  return typeof value === 'string' ? value : undefined;
}

export async function screenshotCommand(
  client: Webcapture,
  url: string,
  options: JsonOption & {
    output: string;
    type?: 'png' | 'jpeg' | 'webp';
    fullPage?: boolean;
    width?: number;
    height?: number;
  },
): Promise<void> {
  const request: ScreenshotRequest = { url };
  if (options.type) request.format = options.type;
  if (options.fullPage) request.full_page = true;
  if (options.width || options.height) {
    request.viewport = { width: options.width ?? 1280, height: options.height ?? 800 };
  }
  const queued = await client.screenshot(request, { async: true });
  const shot = await client.waitFor(queued, {
    onProgress: (job) => note(`screenshot ${job.id}: ${job.status}`),
  });
  if (shot.status !== 'completed' || !shot.image_url) {
    throw new Error(`screenshot ${shot.id} ${shot.status}: ${shot.error?.message ?? 'no image'}`);
  }
  const image = await client.download(shot.image_url);
  await writeFile(options.output, image.bytes);
  printResult(
    { ...shot, file: options.output },
    options.json === true,
    `${options.output} (${image.bytes.length} bytes)`,
  );
}

/** URLs one a line; blank lines and # comments skipped. */
export function parseUrlList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export async function bulkCommand(
  client: Webcapture,
  file: string,
  options: JsonOption & { kind: BulkKind; format: ScrapeFormat[]; output?: string },
): Promise<void> {
  const urls = parseUrlList(await readFile(file, 'utf8'));
  if (urls.length === 0) throw new Error(`${file} holds no URL`);
  const created =
    options.kind === 'scrape'
      ? await client.bulkScrape({ urls, formats: options.format })
      : options.kind === 'fetch'
        ? await client.bulkFetch({ urls })
        : await client.bulkScreenshots({ urls });
  const bar = new SingleBar(
    { format: `${created.id} [{bar}] {value}/{total} done, {failed} failed` },
    Presets.shades_classic,
  );
  bar.start(created.counts.total, 0, { failed: 0 });
  let job: BulkJob;
  try {
    job = await client.waitFor(created, {
      onProgress: ({ counts }) =>
        bar.update(counts.completed + counts.failed + counts.cancelled, { failed: counts.failed }),
    });
  } finally {
    bar.stop();
  }
  const items = [];
  for await (const item of client.bulkItems(created)) {
    items.push(item);
    const signed = 'content_url' in item ? item.content_url : item.image_url;
    if (options.output && item.status === 'completed' && signed) {
      await mkdir(options.output, { recursive: true });
      const download = await client.download(signed);
      await writeFile(
        join(options.output, `${item.index}${extensionFor(download.contentType)}`),
        download.bytes,
      );
    }
  }
  const { items: _firstPage, next_cursor: _cursor, ...summary } = job;
  const counts = job.counts;
  printResult(
    { ...summary, items },
    options.json === true,
    `${job.id} ${job.status}: ${counts.completed} completed, ${counts.failed} failed of ${counts.total}` +
      (options.output ? ` (results in ${options.output})` : ''),
  );
}

const EXTENSIONS: Record<string, string> = {
  'application/json': '.json',
  'text/markdown': '.md',
  'text/html': '.html',
  'text/plain': '.txt',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(';')[0]?.trim() ?? ''] ?? '.bin';
}

export async function schemaCommand(
  client: Webcapture,
  url: string,
  schemaFile: string,
  options: JsonOption,
): Promise<void> {
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as Record<string, unknown>;
  const result = await client.schema({ url, schema });
  printResult(result, options.json === true, `${JSON.stringify(result.data, null, 2)}\n`);
}
