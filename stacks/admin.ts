/**
 * The admin CLI against a deployed stage. Not a resource on AWS: a DevCommand only records its
 * links and environment in the stage's state, so
 *   npx sst shell --stage staging --target AdminCli -- npm run admin -- …
 * runs the CLI with exactly the variables the Lambdas get (TABLE_NAME, KEY_ENVIRONMENT, …) and
 * the caller's own AWS credentials.
 */
import { type Resources, sharedEnvironment } from './lambda';

export function createAdminCli(resources: Resources) {
  return new sst.x.DevCommand('AdminCli', {
    link: [resources.table, resources.bucket, ...resources.queues.map(({ queue }) => queue)],
    environment: {
      ...sharedEnvironment(resources),
      // `sst shell --target` does not set the region itself; the SDK needs it.
      AWS_REGION: aws.getRegionOutput().region,
    },
    dev: { command: 'npm run admin', autostart: false, title: 'admin' },
  });
}
