import { describe, expect, it } from 'vitest';
import { SECRET_NOT_SET } from '../src/secret-names';
import { loadSecrets, pendingSecrets } from '../src/secrets';

/**
 * The cold-start reader. SSM itself has no local emulator, so the fetch is a function the test
 * hands in; what is checked is which parameters are asked for and what lands in the environment.
 */
describe('loadSecrets', () => {
  it('fetches every named parameter in one call and sets the variables the code reads', async () => {
    const env: NodeJS.ProcessEnv = {
      PROXY_URLS_PARAMETER: '/webcapture/staging/ProxyUrls',
      CONTENT_URL_SECRET_PARAMETER: '/webcapture/staging/ContentUrlSecret',
    };
    const calls: string[][] = [];
    await loadSecrets(env, async (names) => {
      calls.push(names);
      return {
        '/webcapture/staging/ProxyUrls': '{"DE":"http://u:p@proxy:3128"}',
        '/webcapture/staging/ContentUrlSecret': 'k'.repeat(64),
      };
    });
    expect(calls).toEqual([['/webcapture/staging/ProxyUrls', '/webcapture/staging/ContentUrlSecret']]);
    expect(env.PROXY_URLS).toBe('{"DE":"http://u:p@proxy:3128"}');
    expect(env.CONTENT_URL_SECRET).toBe('k'.repeat(64));
  });

  it('fetches nothing when the variables are set directly (local runs)', async () => {
    const env: NodeJS.ProcessEnv = { PROXY_URLS: '{}', PROXY_URLS_PARAMETER: '/webcapture/x/ProxyUrls' };
    expect(pendingSecrets(env).size).toBe(0);
    await loadSecrets(env, async () => {
      throw new Error('must not be called');
    });
    expect(env.PROXY_URLS).toBe('{}');
  });

  it('leaves an optional secret nobody set unset (SSM holds its placeholder, never empty)', async () => {
    const env: NodeJS.ProcessEnv = {
      BRAVE_API_KEY_PARAMETER: '/webcapture/x/BraveApiKey',
      SERPER_API_KEY_PARAMETER: '/webcapture/x/SerperApiKey',
    };
    await loadSecrets(env, async () => ({
      '/webcapture/x/BraveApiKey': SECRET_NOT_SET,
      '/webcapture/x/SerperApiKey': 'serper-key',
    }));
    expect(env.BRAVE_API_KEY).toBeUndefined();
    expect(env.SERPER_API_KEY).toBe('serper-key');
  });

  it('fails the cold start, naming the parameter, when one is not returned', async () => {
    const env: NodeJS.ProcessEnv = { BRAVE_API_KEY_PARAMETER: '/webcapture/x/BraveApiKey' };
    await expect(loadSecrets(env, async () => ({}))).rejects.toThrow(
      '/webcapture/x/BraveApiKey (BRAVE_API_KEY)',
    );
    expect(env.BRAVE_API_KEY).toBeUndefined();
  });
});
