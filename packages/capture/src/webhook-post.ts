import { Agent, request } from 'undici';
import { allowEveryAddress, guardedConnector, systemResolver } from './guarded-connector';
import { isReservedAddress } from './reserved-addresses';
import { parseTargetUrl } from './target-url';

let guarded: Agent | undefined;
let open: Agent | undefined;

function dispatcher(allowPrivate: boolean): Agent {
  if (allowPrivate) {
    open ??= new Agent({ connect: guardedConnector(systemResolver, allowEveryAddress) });
    return open;
  }
  guarded ??= new Agent({
    connect: guardedConnector(systemResolver, (address) => !isReservedAddress(address)),
  });
  return guarded;
}

/**
 * POSTs a webhook delivery through the same SSRF guard as captures: a caller's webhook_url must
 * not reach our private network. Redirects are not followed; the status is the answer.
 */
export async function postWebhook(
  url: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<number> {
  parseTargetUrl(url);
  const response = await request(url, {
    method: 'POST',
    dispatcher: dispatcher(process.env.ALLOW_PRIVATE_TARGETS === 'true'),
    ...init,
  });
  await response.body.dump();
  return response.statusCode;
}
