import { publicUrl } from '@webcapture/service';
import { type HttpResponse, jsonResponse } from '../envelope';

/**
 * The 202 of work handed to a queue: its id, its status and where to poll it (DESIGN: the 202 body
 * carries `id`, `status` and the URL to poll), absolute under the API's public base URL.
 */
export function acceptedResponse(
  handedOver: { id: string; url: string },
  status: 'queued' | 'pending',
  pollPath: `/${string}`,
): HttpResponse {
  const { id, url } = handedOver;
  return jsonResponse(202, { id, status, url, poll_url: publicUrl(`${pollPath}/${id}`) });
}
