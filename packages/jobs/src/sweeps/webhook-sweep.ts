import { sweepPendingWebhooks } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { failDeadScreenshot } from '../screenshots/dead-screenshot';
import { recoverSitemapJob } from '../sitemap/abandoned-sitemap-job';

/**
 * Every 5 minutes (SCHEDULES): queues the webhook sends still owed 15 minutes after they were due,
 * ends as failed the synchronous screenshots whose function died before ending them, and re-queues
 * (or, past their recoveries, fails) sitemap jobs left without a worker or a message.
 */
export async function webhookSweep(): Promise<void> {
  const swept = await sweepPendingWebhooks({
    endAbandonedScreenshot: failDeadScreenshot,
    recoverSitemapJob,
  });
  logger().info('webhook sweep', { sweep: 'webhooks', ...swept });
}
