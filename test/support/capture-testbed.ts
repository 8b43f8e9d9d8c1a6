import { type FixtureSite, startFixtureSite } from '../fixtures/site';
import { newAccountWithKey } from './accounts';

/** What a capture test file needs: the fixture site, and a fresh enterprise account's key. */
export async function startCaptureTestbed(): Promise<{ site: FixtureSite; key: string }> {
  const site = await startFixtureSite();
  const { key } = await newAccountWithKey({ planId: 'enterprise' });
  return { site, key };
}
