import { ApiError } from '@webcapture/errors';
import { deleteRecording, getRecording, listRecordings } from '@webcapture/service';
import type { z } from 'zod';
import type { RouteInput } from '../api';
import { emptyResponse, type HttpResponse, jsonResponse } from '../envelope';
import type { recordingsListQuery } from '../schemas/recordings';

/*
 * /v1/recordings (docs/api/recordings.md): the caller's recordings only; another account's id is
 * answered exactly as an unknown one. download_url is signed anew on every read.
 */

type Input<Q = unknown> = Pick<RouteInput<z.ZodUnknown, z.ZodUnknown>, 'params' | 'principal'> & {
  query: Q;
};

const notFound = (id: string | undefined) => new ApiError('not_found', `No recording ${id} on this account.`);

export async function answerRecordingsList({
  query,
  principal,
}: Input<z.output<typeof recordingsListQuery>>): Promise<HttpResponse> {
  return jsonResponse(200, await listRecordings(principal.accountId, query));
}

export async function answerRecordingGet({ params, principal }: Input): Promise<HttpResponse> {
  const recording = await getRecording(principal.accountId, params.id as string);
  if (!recording) throw notFound(params.id);
  return jsonResponse(200, recording);
}

/** 204; the archive goes with the record, and the id is 404 from then on. */
export async function answerRecordingDelete({ params, principal }: Input): Promise<HttpResponse> {
  if (!(await deleteRecording(principal.accountId, params.id as string))) throw notFound(params.id);
  return emptyResponse(204);
}
