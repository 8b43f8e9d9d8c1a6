import { type IgnoreRules, isEmptySnapshot, type TextSnapshot, textSnapshot } from '@webcapture/changes';
import { decodeHtml } from '@webcapture/content';
import { isApiError } from '@webcapture/errors';
import { compileSchema, ExtractionFailedError, extract } from '@webcapture/extract';
import type { CheckError, MonitorSettings } from '@webcapture/service';
import type { CachedCapture } from '../cached-capture';
import { type CaptureSource, obtainCapture } from '../obtain-capture';
import { pageContent, pageKind } from '../page-content';
import { selectedMarkdown } from './selected-content';

/** One fetch of a monitored page, read as its target says. */
export type PageRead =
  | {
      kind: 'content';
      /** The page's final URL (after redirects). */
      url: string;
      /** Its title and description when the target reads the whole page (empty for a selector's region or a schema). */
      title: string;
      description: string;
      markdown: string;
      text: TextSnapshot | null;
      data: unknown;
      statusCode: number;
      wireBytes: number;
    }
  | { kind: 'gone'; statusCode: number; wireBytes: number }
  | { kind: 'error'; error: CheckError; statusCode: number | null; wireBytes: number };

const failure = (
  reason: string,
  message: string,
  statusCode: number | null = null,
  wireBytes = 0,
): PageRead => ({
  kind: 'error',
  error: {
    code: 'check_failed',
    reason,
    message,
    ...(statusCode === null ? {} : { status_code: statusCode }),
  },
  statusCode,
  wireBytes,
});

/**
 * Fetches the page past the cache and reads it. Anything that is not the page's content — an HTTP
 * error, a timeout, a challenge or blocked page, an empty page, a failed extraction — is an
 * error; only a 404 or 410 is `gone` (the caller confirms it with a second fetch). A monitor
 * with `rendering` reads the page through the browser (`source`).
 */
export async function readMonitoredPage(
  settings: MonitorSettings,
  ignore: IgnoreRules,
  source: CaptureSource = obtainCapture,
): Promise<PageRead> {
  let capture: CachedCapture;
  try {
    const obtained = await source({
      url: settings.url,
      country: settings.country,
      timeoutMs: settings.timeout_ms,
      readMaxAgeSeconds: 0,
      writeTtlSeconds: 0,
    });
    capture = obtained.capture;
    if (obtained.cache === 'blocked') {
      return failure(
        'blocked',
        'The site answered with a challenge or block page, not the page.',
        capture.status,
        capture.wireBytes,
      );
    }
  } catch (error) {
    const reason = isApiError(error) ? String(error.details?.reason ?? error.code) : 'network';
    const message = isApiError(error) ? error.message : 'The page could not be fetched.';
    return failure(reason, message);
  }
  const { status, wireBytes } = capture;
  if (status === 404 || status === 410) return { kind: 'gone', statusCode: status, wireBytes };
  if (status < 200 || status >= 300) {
    return failure('http_status', `The site answered HTTP ${status}.`, status, wireBytes);
  }
  if (settings.target === 'schema') return readData(capture, settings);
  let read: { markdown: string; title: string; description: string };
  try {
    read = textOf(capture, settings);
  } catch (error) {
    // A selector the API's parser took but css-select cannot run.
    return failure(
      'invalid_selector',
      error instanceof Error ? error.message : String(error),
      status,
      wireBytes,
    );
  }
  const text = textSnapshot(read.markdown, ignore);
  if (isEmptySnapshot(text))
    return failure('empty_page', 'The page had no text to compare.', status, wireBytes);
  return { kind: 'content', url: capture.finalUrl, ...read, text, data: null, statusCode: status, wireBytes };
}

function htmlOf(capture: CachedCapture): string {
  const header = capture.charset
    ? `${capture.contentType ?? 'text/html'}; charset=${capture.charset}`
    : capture.contentType;
  return decodeHtml(capture.body, header).html;
}

function textOf(
  capture: CachedCapture,
  settings: MonitorSettings,
): { markdown: string; title: string; description: string } {
  if (settings.target === 'selector' && settings.selector && pageKind(capture) === 'html') {
    const markdown = selectedMarkdown(htmlOf(capture), capture.finalUrl, settings.selector);
    return { markdown, title: '', description: '' };
  }
  const page = pageContent(capture, { outputs: ['markdown'], mode: 'article' });
  const metadata = page.result?.metadata;
  return {
    markdown: page.result?.markdown ?? page.text ?? '',
    title: metadata?.title ?? '',
    description: metadata?.description ?? '',
  };
}

function readData(capture: CachedCapture, settings: MonitorSettings): PageRead {
  const { status, wireBytes } = capture;
  if (pageKind(capture) !== 'html')
    return failure('extraction_failed', 'The page is not HTML.', status, wireBytes);
  try {
    const { data } = extract({
      html: htmlOf(capture),
      url: capture.finalUrl,
      schema: compileSchema(settings.schema ?? {}),
    });
    return {
      kind: 'content',
      url: capture.finalUrl,
      title: '',
      description: '',
      markdown: JSON.stringify(data, null, 2),
      text: null,
      data,
      statusCode: status,
      wireBytes,
    };
  } catch (error) {
    if (!(error instanceof ExtractionFailedError)) throw error;
    return failure('extraction_failed', error.message, status, wireBytes);
  }
}
