import { schemaCapture } from '@webcapture/scraping';
import type { z } from 'zod';
import type { RouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type schemaExtractBody, schemaExtractOptions } from '../schemas/schema-extract';

/** POST /v1/schema: the validated request in the pipeline's terms, schemaCapture, the answer. */
export async function answerSchemaExtract({
  body,
  meter,
  captureBudgetMs,
}: Pick<
  RouteInput<typeof schemaExtractBody, z.ZodUnknown>,
  'body' | 'meter' | 'captureBudgetMs'
>): Promise<HttpResponse> {
  const options = { ...schemaExtractOptions(body), timeoutMs: captureBudgetMs(body.timeout_ms) };
  const { answer, cache } = await schemaCapture(options, meter);
  return jsonResponse(200, answer, { 'x-cache': cache });
}
