import { sweepPendingWebhooks } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { failDeadScreenshot } from '../screenshots/dead-screenshot';

/**
 * Every 5 minutes (SCHEDULES): queues the webhook sends still owed 15 minutes after they were due,
 * and ends as failed the synchronous screenshots whose function died before ending them.
 */
export async function webhookSweep(): Promise<void> {
  const swept = await sweepPendingWebhooks({ endAbandonedScreenshot: failDeadScreenshot });
  logger().info('webhook sweep', { sweep: 'webhooks', ...swept });
}
