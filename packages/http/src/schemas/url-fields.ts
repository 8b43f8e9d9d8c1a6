import {
  checkTarget,
  hostOf,
  isLocalhostName,
  parseTargetUrl,
  privateAddressError,
} from '@webcapture/capture';
import { ApiError, fieldError, isApiError, rejectedField } from '@webcapture/errors';
import { fieldsPresent } from '../field-names';

function asObject(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

const privateTargetsAllowed = () => process.env.ALLOW_PRIVATE_TARGETS === 'true';

/**
 * 400 invalid_url for a malformed URL or a refused scheme, before field validation: the spec
 * gives URLs their own error, with details url, field and reason. The SSRF guard's part: a
 * localhost name (RFC 6761) as `url` is refused here, before admission; other `url`s are judged
 * by the capture pipeline, before its cache and at connect time. `webhook_url` is called later,
 * by a worker, so it is resolved and judged now: a private one is refused at request time, and a
 * name that does not exist is refused even where private targets are allowed.
 */
export async function checkUrlFields(input: unknown): Promise<void> {
  const body = asObject(input);
  if (typeof body.url === 'string') {
    const url = parseTargetUrl(body.url);
    if (!privateTargetsAllowed() && isLocalhostName(hostOf(url))) {
      throw privateAddressError(url, { field: 'url' });
    }
  }
  if (typeof body.webhook_url === 'string') await checkWebhookUrl(body.webhook_url);
}

async function checkWebhookUrl(raw: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('invalid_url', 'webhook_url is not a valid URL.', {
      details: { url: raw, field: 'webhook_url', reason: 'malformed' },
    });
  }
  if (url.protocol !== 'https:') {
    throw new ApiError(
      'invalid_url',
      'webhook_url must use https://; http:// and other schemes are refused.',
      {
        details: { url: raw, field: 'webhook_url', reason: 'scheme_unsupported' },
      },
    );
  }
  try {
    await checkTarget(url, { field: 'webhook_url', requireResolvable: true });
  } catch (error) {
    // DNS trouble of our own does not refuse the request: every delivery is guarded again.
    if (isApiError(error) && error.code === 'invalid_url') throw error;
  }
}

/** 400 validation_error when a request names fields this endpoint does not serve at all (in either spelling). */
export function refuseFields(input: unknown, fields: readonly string[], useInstead: string): void {
  const present = fieldsPresent(input, fields);
  if (present.length) {
    const message = `${present.join(', ')} ${present.length > 1 ? 'are' : 'is'} not accepted here; ${useInstead}.`;
    throw rejectedField(message, {
      fields: present.map((field) => fieldError(field, 'not_accepted_here', `${useInstead}.`)),
    });
  }
}
