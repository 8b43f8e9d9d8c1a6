import { type HttpResponse, jsonResponse } from '../envelope';
import { type ApiEvent, requestOrigin } from '../request';

/**
 * The 202 of work handed to a queue: its id, its status and where to poll it (DESIGN: the 202 body
 * carries `id`, `status` and the URL to poll), absolute, as the caller reached the API.
 */
export function acceptedResponse(
  handedOver: { id: string; url: string },
  status: 'queued' | 'pending',
  pollPath: string,
  event: ApiEvent,
): HttpResponse {
  const { id, url } = handedOver;
  return jsonResponse(202, { id, status, url, poll_url: `${requestOrigin(event)}${pollPath}/${id}` });
}
