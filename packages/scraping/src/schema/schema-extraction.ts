import { decodeHtml } from '@webcapture/content';
import { invalidField } from '@webcapture/errors';
import { type CompiledSchema, type Extraction, ExtractionFailedError, extract } from '@webcapture/extract';
import { type ObtainedCapture, obtainCapture } from '../obtain-capture';
import { pageKind, reportedContentType } from '../page-content';

export interface SchemaExtractionOptions {
  url: string;
  country: string;
  timeoutMs: number;
  /** 0 skips the cache (read and write); otherwise the cache_ttl in seconds. */
  cacheTtlSeconds: number;
  schema: CompiledSchema;
  custom: Record<string, unknown>;
}

/**
 * The capture an extraction reads, from the cache scrape and fetch share. A step of its own so the
 * caller can bill the page bandwidth before the extraction can fail (that failure keeps it).
 */
export function captureForSchema(options: SchemaExtractionOptions): Promise<ObtainedCapture> {
  return obtainCapture({
    url: options.url,
    country: options.country,
    timeoutMs: options.timeoutMs,
    readMaxAgeSeconds: options.cacheTtlSeconds,
    writeTtlSeconds: options.cacheTtlSeconds,
  });
}

/**
 * POST /v1/schema's answer: `data` validates against the caller's schema, `fields` says where each
 * value came from. Throws 422 validation_error (details.reason `extraction_failed`) when the page
 * is not HTML or required properties have no valid value on it (with `details.partial_data`, the
 * values that were found, when there are any).
 */
export function schemaAnswer(
  { capture, cache }: ObtainedCapture,
  options: SchemaExtractionOptions,
  id: string,
) {
  const page = {
    url: options.url,
    final_url: capture.finalUrl,
    status_code: capture.status,
    content_type: reportedContentType(capture),
  };
  if (pageKind(capture) !== 'html') {
    throw invalidField(`The page is ${page.content_type}, not HTML: there is nothing to extract from.`, {
      reason: 'extraction_failed',
      missing: [],
      ...page,
      cache,
    });
  }
  const header = capture.charset
    ? `${capture.contentType ?? 'text/html'}; charset=${capture.charset}`
    : capture.contentType;
  let extraction: Extraction;
  try {
    extraction = extract({
      html: decodeHtml(capture.body, header).html,
      url: capture.finalUrl,
      schema: options.schema,
    });
  } catch (error) {
    if (!(error instanceof ExtractionFailedError)) throw error;
    throw invalidField(error.message, {
      reason: 'extraction_failed',
      missing: error.missing,
      ...(error.errors.length ? { errors: error.errors } : {}),
      // What the page did give, valid against the schema with `required` relaxed: marked partial.
      ...(error.partial
        ? { partial: true, partial_data: error.partial.data, partial_fields: error.partial.fields }
        : {}),
      ...page,
      cache,
    });
  }
  return {
    status: 'success' as const,
    id,
    ...page,
    content_length: capture.wireBytes,
    retrieved_at: capture.retrievedAt,
    data: extraction.data,
    fields: extraction.fields,
    unsupported_keywords: extraction.unsupported_keywords,
    custom: options.custom,
  };
}
