import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import {
  allowEveryAddress,
  guardedConnector,
  RefusedAddressError,
  systemResolver,
} from './guarded-connector';
import { isReservedAddress } from './reserved-addresses';
import { parseTargetUrl } from './target-url';

let guarded: Agent | undefined;
let open: Agent | undefined;

/**
 * WEBHOOK_CA_FILE (local development and tests only): one more CA to trust for webhook targets,
 * beside the public ones, so a receiver with a private certificate can be reached over HTTPS.
 */
function tlsOptions(): { ca?: string[] } {
  const file = process.env.WEBHOOK_CA_FILE;
  return file ? { ca: [...rootCertificates, readFileSync(file, 'utf8')] } : {};
}

function dispatcher(allowPrivate: boolean): Agent {
  if (allowPrivate) {
    open ??= new Agent({ connect: guardedConnector(systemResolver, allowEveryAddress, tlsOptions()) });
    return open;
  }
  guarded ??= new Agent({
    connect: guardedConnector(systemResolver, (address) => !isReservedAddress(address), tlsOptions()),
  });
  return guarded;
}

/**
 * POSTs a webhook delivery through the same SSRF guard as captures: a caller's webhook_url must
 * not reach our private network, and a target that resolves to a private address is `refused`
 * (never worth retrying). Redirects are not followed; the status is the answer.
 */
export async function postWebhook(
  url: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<{ status: number } | { refused: string }> {
  parseTargetUrl(url);
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: dispatcher(process.env.ALLOW_PRIVATE_TARGETS === 'true'),
      ...init,
    });
    await response.body.dump();
    return { status: response.statusCode };
  } catch (error) {
    if (error instanceof RefusedAddressError) {
      return { refused: 'private_address: the webhook_url resolves to a private or reserved address' };
    }
    throw error;
  }
}
