import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ProviderStandIns, startProviderStandIns } from '../../../test/fixtures/search-providers';

/** The providers' stand-ins for one test file: started once, back to their defaults before each test. */
export function useProviderStandIns(): Pick<ProviderStandIns, 'searxng' | 'brave' | 'serper'> {
  let standIns: ProviderStandIns | undefined;
  beforeAll(async () => {
    standIns = await startProviderStandIns();
  });
  afterAll(() => standIns?.close());
  beforeEach(() => standIns?.reset());
  const started = () => standIns as ProviderStandIns;
  return {
    get searxng() {
      return started().searxng;
    },
    get brave() {
      return started().brave;
    },
    get serper() {
      return started().serper;
    },
  };
}
