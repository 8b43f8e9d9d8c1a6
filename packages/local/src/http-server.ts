import { createServer, type IncomingMessage, maxHeaderSize, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@webcapture/errors';
import { errorResponse, FALLBACK_HANDLER, type Resolution, resolveRoute } from '@webcapture/http';
import { logger } from '@webcapture/telemetry';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type HandlerLoader, moduleLoader } from './handler-modules';
import { newRequestId, toHttpApiEvent } from './http-event';
import { type FunctionConfig, FunctionTimeoutError, invoke } from './lambda-invoke';
import { answerConnect, answerParserError, headBytes, parserError, refusalResponse } from './parser-errors';
import { declaredLength, readBody } from './request-body';

/** API Gateway's payload limit; larger requests never reach a function. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * Lambda's synchronous invocation payload limit (6 MB: 6,291,456 bytes), which applies to the whole
 * event — body, headers and all — so the largest body a function can receive is a little under it.
 */
export const MAX_INVOKE_PAYLOAD_BYTES = 6 * 1024 * 1024;

const FALLBACK_FUNCTION = { id: 'fallback', memoryMb: 256, timeoutSeconds: 29 };

/**
 * Node's parser refuses heads only past this; up to it the server applies `maxHeaderSize` (16 KB)
 * itself, on the parsed request, so that a HEAD request's 431 goes out without a body.
 */
const PARSER_MAX_HEADER_BYTES = 64 * 1024;

/** How long a body may take after its headers: as long as the headers may take (Node's headersTimeout). */
const BODY_TIMEOUT_MS = 60_000;

export interface HttpServerOptions {
  port?: number;
  /** The routing decision; the manifest's resolveRoute unless a test brings its own table. */
  resolve?: (method: string, path: string) => Resolution;
  fallbackHandler?: string;
  loadHandler?: HandlerLoader;
  /** One line per request; silent when undefined. */
  log?: (line: string) => void;
  /** How long a body may take to arrive after its headers (408 past it); default 60 s. */
  bodyTimeoutMs?: number;
  /** Pages served beside the API (the rendered reference at /docs): an answer, or undefined to route. */
  pages?: (method: string, path: string) => Promise<APIGatewayProxyStructuredResultV2 | undefined>;
}

export interface RunningHttpServer {
  baseUrl: string;
  stop(): Promise<void>;
  /** Connections the server holds open now (a leak shows here). */
  openConnections(): Promise<number>;
}

/** The local stand-in for API Gateway: one node:http server dispatching to the manifest's handlers. */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const resolve = options.resolve ?? resolveRoute;
  const fallbackHandler = options.fallbackHandler ?? FALLBACK_HANDLER;
  const loadHandler = options.loadHandler ?? moduleLoader();
  const log = options.log;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;

  const server = createServer({ maxHeaderSize: PARSER_MAX_HEADER_BYTES }, (req, res) => {
    const started = Date.now();
    const requestId = newRequestId();
    handle(req, res, requestId).then(
      (status) =>
        log?.(
          `${req.method} ${req.url?.split('?')[0]} ${status || 'closed'} ${Date.now() - started}ms ${requestId}`,
        ),
      (error: unknown) => {
        logger().error('the local server failed on a request', { request_id: requestId, error });
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<number> {
    if (headBytes(req) > maxHeaderSize)
      return send(res, requestId, refusalResponse(parserError('HPE_HEADER_OVERFLOW', maxHeaderSize)));
    const path = (req.url ?? '/').split('?')[0] as string;
    const page = await options.pages?.(req.method ?? 'GET', path);
    if (page) return send(res, requestId, page);
    const resolution = resolve(req.method ?? 'GET', path);
    const matched = resolution.kind === 'route' ? resolution : undefined;
    const fn: FunctionConfig & { file: string } = matched
      ? { ...functionOf(matched.route), file: matched.route.handler }
      : { ...functionOf(FALLBACK_FUNCTION), file: fallbackHandler };
    const eventOf = (body: Buffer) =>
      toHttpApiEvent({
        req,
        body,
        routeKey: matched ? `${matched.route.method} ${matched.route.path}` : '$default',
        pathParameters: matched?.params,
        requestId,
      });
    // A declared length past the payload limit is decided on the header alone, before reading:
    // waiting for megabytes that may never come would hold the connection for good. The body is
    // never read, so the connection closes after the answer.
    const declared = declaredLength(req);
    if (declared !== undefined && declared > MAX_BODY_BYTES) {
      const preAuthLimit = matched?.route.maxDeclaredBodyBytes;
      if (preAuthLimit !== undefined && declared > preAuthLimit) {
        // The spec's own answer (400 request_too_large before the key): the function needs only the header.
        return send(res, requestId, closing(await run(fn, eventOf(Buffer.alloc(0)), requestId)));
      }
      return send(res, requestId, closing(gatewayError(413, 'Request Entity Too Large')));
    }
    const outcome = await readBody(req, { maxBytes: MAX_BODY_BYTES, timeoutMs: bodyTimeoutMs });
    // The client went away, or the parser's clientError listener has answered a broken body.
    if (outcome.kind === 'aborted') return res.headersSent ? res.statusCode : 0;
    if (outcome.kind === 'too_large')
      return send(res, requestId, closing(gatewayError(413, 'Request Entity Too Large')));
    if (outcome.kind === 'timed_out')
      return send(res, requestId, refusalResponse(parserError('ERR_HTTP_REQUEST_TIMEOUT', maxHeaderSize)));
    const body = outcome.body;
    const event = eventOf(body);
    // Only a large body can push the event past the limit; the rest are not serialised for nothing.
    if (
      body.length > 4 * 1024 * 1024 &&
      Buffer.byteLength(JSON.stringify(event)) > MAX_INVOKE_PAYLOAD_BYTES
    ) {
      return send(res, requestId, gatewayError(413, 'Request Entity Too Large'));
    }
    return send(res, requestId, await run(fn, event, requestId));
  }

  /** Invokes the function as API Gateway would, and turns its failures into API Gateway's answers. */
  async function run(
    fn: FunctionConfig & { file: string },
    event: ReturnType<typeof toHttpApiEvent>,
    requestId: string,
  ): Promise<APIGatewayProxyStructuredResultV2> {
    try {
      return structured(await invoke(await loadHandler(fn.file), event, fn));
    } catch (error) {
      if (error instanceof FunctionTimeoutError) {
        logger().error(error.message, { request_id: requestId });
        return errorResponse(new ApiError('internal_error', 'The request timed out.', { status: 504 }));
      }
      // What API Gateway answers when the function itself fails: no envelope, so a handler that
      // lets an error escape its middleware shows up locally exactly as it would on AWS.
      logger().error('the function failed', { function_name: fn.name, request_id: requestId, error });
      return gatewayError(500, 'Internal Server Error');
    }
  }

  server.on('clientError', answerParserError(maxHeaderSize));
  server.on('connect', answerConnect(maxHeaderSize));

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
    openConnections: () =>
      new Promise<number>((resolveCount, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolveCount(count))),
      ),
  };
}

function functionOf(route: { id: string; memoryMb: number; timeoutSeconds: number }): FunctionConfig {
  return {
    name: `webcapture-local-${route.id}`,
    memoryMb: route.memoryMb,
    timeoutSeconds: route.timeoutSeconds,
  };
}

/** Payload 2.0 lets a function return any JSON value; API Gateway then answers 200 with it. */
function structured(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result && typeof result === 'object' && 'statusCode' in result)
    return result as APIGatewayProxyStructuredResultV2;
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
}

function gatewayError(statusCode: number, message: string): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) };
}

/** An answer after which the connection closes: the rest of the body was never read. */
function closing(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  return { ...result, headers: { ...result.headers, connection: 'close' } };
}

function send(res: ServerResponse, requestId: string, result: APIGatewayProxyStructuredResultV2): number {
  // Answered already: the parser's clientError listener refused the request's body meanwhile.
  if (res.headersSent) return res.statusCode;
  const status = result.statusCode ?? 200;
  const body =
    result.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  const headers: Record<string, string | number | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(body);
  return status;
}
