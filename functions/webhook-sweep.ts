import { sweepPendingWebhooks } from '@webcapture/service';

/** Every 5 minutes (SCHEDULES): queues the webhook sends still owed 15 minutes after they were due. */
export async function handler(): Promise<void> {
  const swept = await sweepPendingWebhooks();
  console.log(JSON.stringify({ level: 'info', sweep: 'webhooks', ...swept }));
}
