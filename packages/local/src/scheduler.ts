import { randomUUID } from 'node:crypto';
import { SCHEDULES } from '@webcapture/service';
import type { HandlerLoader } from './handler-modules';
import { invoke } from './lambda-invoke';

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Runs each SCHEDULES function on its rate, as EventBridge does on AWS (stacks/schedules.ts), with
 * a scheduled event and the function's timeout; a run still going when the next is due is not
 * doubled. LOCAL_SCHEDULE_SECONDS replaces every rate (development: see the sweep sooner).
 */
export function startScheduler({
  loadHandler,
  log,
}: {
  loadHandler: HandlerLoader;
  log?: (line: string) => void;
}): Scheduler {
  const override = Number(process.env.LOCAL_SCHEDULE_SECONDS);
  const running = new Set<Promise<void>>();
  const timers = SCHEDULES.map((schedule) => {
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      const event = {
        id: randomUUID(),
        source: 'aws.events',
        'detail-type': 'Scheduled Event',
        time: new Date().toISOString(),
        detail: {},
      };
      try {
        const handler = await loadHandler(schedule.handler);
        await invoke(handler, event, {
          name: schedule.name,
          timeoutSeconds: schedule.timeoutSeconds,
          memoryMb: schedule.memoryMb,
        });
      } catch (error) {
        log?.(`schedule ${schedule.name} failed: ${String(error)}`);
      } finally {
        busy = false;
      }
    };
    const seconds = override > 0 ? override : schedule.rateMinutes * 60;
    return setInterval(() => {
      const work = run();
      running.add(work);
      void work.finally(() => running.delete(work));
    }, seconds * 1000);
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
