import { schemaCapture } from '@webcapture/scraping';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type schemaExtractBody, schemaExtractOptions } from '../schemas/schema-extract';

/** POST /v1/schema: the validated request in the pipeline's terms, schemaCapture, the answer. */
export async function answerSchemaExtract({
  body,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof schemaExtractBody>): Promise<HttpResponse> {
  const options = { ...schemaExtractOptions(body), timeoutMs: captureBudgetMs(body.timeout_ms) };
  const { answer, cache } = await schemaCapture(options, meter);
  return jsonResponse(200, answer, { 'x-cache': cache });
}
