import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID } from './lambda-invoke';

export const LOCAL_API_ID = 'local';

/** Content types API Gateway hands over as text; every other body arrives base64-encoded. */
const TEXTUAL =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b|[^;]*\+(json|xml)\b)/i;

export interface EventInput {
  req: IncomingMessage;
  body: Buffer;
  /** `METHOD /template` of the matched route, or `$default`. */
  routeKey: string;
  pathParameters?: Record<string, string>;
  requestId: string;
  now?: Date;
}

/** Shaped like API Gateway's request ids: a short random base64 string. */
export function newRequestId(): string {
  return randomBytes(12).toString('base64').replace(/=+$/, '');
}

/** The HTTP API payload format 2.0 event API Gateway would build from this request. */
export function toHttpApiEvent({
  req,
  body,
  routeKey,
  pathParameters,
  requestId,
  now = new Date(),
}: EventInput) {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : url.slice(queryAt + 1);

  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (name !== 'cookie' && values) headers[name] = values.join(',');
  }
  const cookies = (req.headersDistinct.cookie ?? [])
    .flatMap((line) => line.split(';'))
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const contentType = headers['content-type'] ?? '';
  const textual = TEXTUAL.test(contentType);

  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: (headers.host ?? '127').split('.')[0] as string,
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: body.length > 0 && !textual,
  };
  if (cookies.length) event.cookies = cookies;
  const query = queryStringParameters(rawQueryString);
  if (query) event.queryStringParameters = query;
  if (pathParameters && Object.keys(pathParameters).length) event.pathParameters = pathParameters;
  if (body.length) event.body = body.toString(textual ? 'utf8' : 'base64');
  return event;
}

/** Decoded parameters; a repeated name is comma-joined, as API Gateway does. */
function queryStringParameters(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    params[name] = name in params ? `${params[name]},${value}` : value;
  }
  return params;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, the format of requestContext.time. */
function apiGatewayTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}
