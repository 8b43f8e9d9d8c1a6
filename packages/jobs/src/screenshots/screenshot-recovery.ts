import { SCREENSHOT_JOB_RECOVERY } from '@webcapture/service';
import { singleJobRecovery } from '../sweeps/single-job-recovery';
import { failDeadScreenshot } from './dead-screenshot';

/** Screenshots handed to the worker, in the recovery sweep: sent again when lost, then failed free. */
export const screenshotJobRecovery = singleJobRecovery(SCREENSHOT_JOB_RECOVERY, failDeadScreenshot);
