import { createServer, type IncomingMessage, maxHeaderSize, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@webcapture/errors';
import { errorResponse, FALLBACK_HANDLER, type Resolution, resolveRoute } from '@webcapture/http';
import { logger } from '@webcapture/telemetry';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type HandlerLoader, moduleLoader } from './handler-modules';
import { newRequestId, toHttpApiEvent } from './http-event';
import { type FunctionConfig, FunctionTimeoutError, invoke } from './lambda-invoke';
import { answerParserError } from './parser-errors';

/** API Gateway's payload limit; larger requests never reach a function. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * Lambda's synchronous invocation payload limit (6 MB: 6,291,456 bytes), which applies to the whole
 * event — body, headers and all — so the largest body a function can receive is a little under it.
 */
export const MAX_INVOKE_PAYLOAD_BYTES = 6 * 1024 * 1024;

const FALLBACK_FUNCTION = { id: 'fallback', memoryMb: 256, timeoutSeconds: 29 };

export interface HttpServerOptions {
  port?: number;
  /** The routing decision; the manifest's resolveRoute unless a test brings its own table. */
  resolve?: (method: string, path: string) => Resolution;
  fallbackHandler?: string;
  loadHandler?: HandlerLoader;
  /** One line per request; silent when undefined. */
  log?: (line: string) => void;
}

export interface RunningHttpServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The local stand-in for API Gateway: one node:http server dispatching to the manifest's handlers. */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const resolve = options.resolve ?? resolveRoute;
  const fallbackHandler = options.fallbackHandler ?? FALLBACK_HANDLER;
  const loadHandler = options.loadHandler ?? moduleLoader();
  const log = options.log;

  const server = createServer((req, res) => {
    const started = Date.now();
    const requestId = newRequestId();
    handle(req, res, requestId).then(
      (status) =>
        log?.(`${req.method} ${req.url?.split('?')[0]} ${status} ${Date.now() - started}ms ${requestId}`),
      (error: unknown) => {
        logger().error('the local server failed on a request', { request_id: requestId, error });
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<number> {
    const body = await readBody(req);
    if (!body) return send(res, requestId, gatewayError(413, 'Request Entity Too Large'));
    const path = (req.url ?? '/').split('?')[0] as string;
    const resolution = resolve(req.method ?? 'GET', path);
    const matched = resolution.kind === 'route' ? resolution : undefined;
    const fn: FunctionConfig & { file: string } = matched
      ? { ...functionOf(matched.route), file: matched.route.handler }
      : { ...functionOf(FALLBACK_FUNCTION), file: fallbackHandler };
    const event = toHttpApiEvent({
      req,
      body,
      routeKey: matched ? `${matched.route.method} ${matched.route.path}` : '$default',
      pathParameters: matched?.params,
      requestId,
    });
    // Only a large body can push the event past the limit; the rest are not serialised for nothing.
    if (
      body.length > 4 * 1024 * 1024 &&
      Buffer.byteLength(JSON.stringify(event)) > MAX_INVOKE_PAYLOAD_BYTES
    ) {
      return send(res, requestId, gatewayError(413, 'Request Entity Too Large'));
    }
    try {
      const result = await invoke(await loadHandler(fn.file), event, fn);
      return send(res, requestId, structured(result));
    } catch (error) {
      if (error instanceof FunctionTimeoutError) {
        logger().error(error.message, { request_id: requestId });
        return send(
          res,
          requestId,
          errorResponse(new ApiError('internal_error', 'The request timed out.', { status: 504 })),
        );
      }
      // What API Gateway answers when the function itself fails: no envelope, so a handler that
      // lets an error escape its middleware shows up locally exactly as it would on AWS.
      logger().error('the function failed', { function_name: fn.name, request_id: requestId, error });
      return send(res, requestId, gatewayError(500, 'Internal Server Error'));
    }
  }

  server.on('clientError', answerParserError(maxHeaderSize));

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
  };
}

function functionOf(route: { id: string; memoryMb: number; timeoutSeconds: number }): FunctionConfig {
  return {
    name: `webcapture-local-${route.id}`,
    memoryMb: route.memoryMb,
    timeoutSeconds: route.timeoutSeconds,
  };
}

/** The whole body, or undefined once it passes the payload limit (the rest is drained). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks);
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

function send(res: ServerResponse, requestId: string, result: APIGatewayProxyStructuredResultV2): number {
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
