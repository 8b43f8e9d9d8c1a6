/** One EventBridge schedule (sst.aws.Cron) per SCHEDULES entry, running its function. */
import { SCHEDULES } from '../packages/service/src/queues';
import { scheduleUses } from './access';
import { componentName } from './function-settings';
import { functionArgs, type Resources } from './lambda';

export function createSchedules(resources: Resources): void {
  for (const schedule of SCHEDULES) {
    new sst.aws.Cron(componentName(schedule.name), {
      schedule: `rate(${schedule.rateMinutes} minutes)`,
      function: functionArgs(
        {
          handler: schedule.handler,
          memoryMb: schedule.memoryMb,
          timeoutSeconds: schedule.timeoutSeconds,
          browser: false,
          uses: scheduleUses(schedule),
        },
        resources,
      ),
    });
  }
}
