import { parseTargetUrl } from '@webcapture/capture';
import { ApiError, rejectedField } from '@webcapture/errors';

function asObject(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/**
 * 400 invalid_url for a malformed URL or a refused scheme, before field validation: the spec
 * gives URLs their own error, with details url, field and reason.
 */
export function checkUrlFields(input: unknown): void {
  const body = asObject(input);
  if (typeof body.url === 'string') parseTargetUrl(body.url);
  if (typeof body.webhook_url === 'string') {
    let scheme: string | undefined;
    try {
      scheme = new URL(body.webhook_url).protocol;
    } catch {
      throw new ApiError('invalid_url', 'webhook_url is not a valid URL.', {
        details: { url: body.webhook_url, field: 'webhook_url', reason: 'malformed' },
      });
    }
    if (scheme !== 'https:') {
      throw new ApiError(
        'invalid_url',
        'webhook_url must use https://; http:// and other schemes are refused.',
        {
          details: { url: body.webhook_url, field: 'webhook_url', reason: 'scheme_unsupported' },
        },
      );
    }
  }
}

/** 400 validation_error when a request names fields this endpoint does not serve at all. */
export function refuseFields(input: unknown, fields: readonly string[], useInstead: string): void {
  const present = Object.keys(asObject(input)).filter((name) => fields.includes(name));
  if (present.length) {
    throw rejectedField(
      `${present.join(', ')} ${present.length > 1 ? 'are' : 'is'} not accepted here; ${useInstead}.`,
      {
        fields: present,
      },
    );
  }
}
