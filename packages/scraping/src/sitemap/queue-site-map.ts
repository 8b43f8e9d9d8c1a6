import { enqueueSitemapJob, newId } from '@webcapture/service';
import type { RequestMeter } from '../request-meter';
import type { SitemapFields } from './map-site';

/**
 * POST /v1/sitemap with a webhook_url: the map runs as a job on the sitemap-jobs queue, which
 * settles the request's admission once it has run (the slot stays held until then).
 */
export async function queueSiteMap(
  { accountId, request }: { accountId: string; request: SitemapFields },
  meter: RequestMeter,
): Promise<{ id: string; url: string }> {
  const id = newId('sm');
  await enqueueSitemapJob(accountId, id, { ...request }, meter.admission);
  meter.handOver();
  return { id, url: request.url };
}
