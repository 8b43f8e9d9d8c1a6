import { ApiError } from '@webcapture/errors';

/**
 * Turns what sockets, DNS, TLS and undici throw into the one error the API reports for a failed
 * upstream fetch: `internal_error` with a short machine-readable reason. Messages stay generic on
 * purpose: addresses, ports and stack details of our side of the connection are not the caller's.
 */

const REASONS: Array<[reason: string, message: string, codes: string[]]> = [
  ['dns_failure', 'the host name could not be resolved', ['EAI_AGAIN', 'EAI_FAIL']],
  ['connection_refused', 'the connection was refused', ['ECONNREFUSED']],
  [
    'connection_reset',
    'the connection was closed unexpectedly',
    ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'],
  ],
  ['host_unreachable', 'the host is unreachable', ['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']],
  [
    'connect_timeout',
    'the connection could not be established in time',
    ['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'],
  ],
  [
    'protocol_error',
    'the server sent an invalid HTTP response',
    ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_HEADERS_OVERFLOW'],
  ],
];

function errorCode(error: unknown): string {
  let current: unknown = error;
  // undici and fetch-style wrappers keep the system error in `cause`.
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

function isTlsFailure(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.includes('CERT') ||
    code.includes('SELF_SIGNED') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'EPROTO'
  );
}

function reasonFor(code: string): [reason: string, message: string] {
  const listed = REASONS.find(([, , codes]) => codes.includes(code));
  if (listed) return [listed[0], listed[1]];
  // llhttp parse errors (malformed status line, headers, chunking) all start with HPE_.
  if (code.startsWith('HPE_')) return ['protocol_error', 'the server sent an invalid HTTP response'];
  if (isTlsFailure(code)) return ['tls_error', 'the TLS handshake failed'];
  return ['network_error', 'the connection failed'];
}

/**
 * A name DNS says does not exist (NXDOMAIN, no address records): getaddrinfo's answer for it. Our
 * DNS trouble (EAI_AGAIN, EAI_FAIL) is not among them and stays a retryable 500.
 */
const UNRESOLVABLE = ['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA'];

/**
 * 400 invalid_url for a host name that does not exist: the caller's URL is wrong and retrying
 * will not help, so it is not the spec's retryable internal_error (see the README's error table).
 */
export function unresolvableName(
  error: unknown,
  url: URL,
  details: { field: string; redirected?: boolean },
): ApiError | undefined {
  if (!UNRESOLVABLE.includes(errorCode(error))) return undefined;
  return new ApiError(
    'invalid_url',
    `The host name ${url.hostname} does not resolve (no such name in DNS).`,
    {
      details: { url: url.href, ...details, reason: 'dns_unresolvable' },
      cause: error,
    },
  );
}

export function networkError(error: unknown, url: URL): ApiError {
  const [reason, what] = reasonFor(errorCode(error));
  return new ApiError('internal_error', `The page could not be fetched: ${what}.`, {
    details: { reason, url: url.href },
    cause: error,
  });
}
