import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '@webcapture/errors';
import { defaultRate, errorResponse, rateHeaders } from '@webcapture/http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * Requests node:http cannot parse never reach a handler: without this, Node answers them itself
 * with a bare status (431 with an empty body, 400 for an unknown method), or not at all (CONNECT,
 * a body whose framing breaks off). They get the spec's envelope like every other error, with the
 * rate headers of a request no account is known for, and the connection is closed after it.
 */
export function parserError(code: string | undefined, maxHeaderBytes: number): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('request_too_large', `The request headers are over ${maxHeaderBytes} bytes.`, {
        status: 431,
        details: { reason: 'headers_too_large', limit_bytes: maxHeaderBytes },
      });
    case 'HPE_INVALID_METHOD':
      // RFC 9110 §9.1: a method the server does not recognise is 501.
      return new ApiError('not_implemented', 'The request method is not one this API knows.', {
        details: { reason: 'unknown_method' },
      });
    case 'CONNECT':
      // Known to HTTP, but an API is no proxy: not implemented, as for an unknown method.
      return new ApiError('not_implemented', 'CONNECT is not served: this is an API, not a proxy.', {
        details: { reason: 'unsupported_method' },
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('validation_error', 'The request did not arrive in time.', {
        status: 408,
        details: { reason: 'request_timeout' },
      });
    case 'HPE_INVALID_EOF_STATE':
      // The client closed its side (a half-close) before the body it announced was complete.
      return new ApiError('validation_error', 'The connection ended before the request body was complete.', {
        status: 400,
        details: { reason: 'incomplete_request' },
      });
    default:
      return new ApiError('validation_error', 'The request is not valid HTTP/1.1.', {
        status: 400,
        details: { reason: 'malformed_request' },
      });
  }
}

/**
 * The bytes of a request's head as sent: request line and header lines with their CRLFs. The
 * server checks the header limit itself on parsed requests, where it knows the method (a HEAD
 * answer must have no body), and lets Node's parser refuse only heads far past it.
 */
export function headBytes(req: IncomingMessage): number {
  let bytes = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n\r\n`.length;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    bytes += Buffer.byteLength(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`, 'latin1');
  return bytes;
}

/** The envelope for a request refused before any handler: rate headers, and the connection closed. */
export function refusalResponse(error: ApiError): APIGatewayProxyStructuredResultV2 {
  const response = errorResponse(error);
  return {
    ...response,
    headers: { ...response.headers, ...rateHeaders(defaultRate()), connection: 'close' },
  };
}

/** The server's `clientError` listener: answer in the envelope when the socket can still take it. */
export function answerParserError(maxHeaderBytes: number) {
  return (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight) {
      const request = (inFlight as ServerResponse & { req?: IncomingMessage }).req;
      // The body broke off (bad chunk framing, a half-close before the declared length, a timeout):
      // nothing more will arrive, so this request is answered now rather than waited on for good.
      if (!inFlight.headersSent && request && !request.complete) {
        answerThrough(inFlight, refusalResponse(parserError(error.code, maxHeaderBytes)));
        return;
      }
      // Garbage after a good request on the same connection (a body sent without framing): the
      // answer already under way is delivered, then the connection closes.
      if (inFlight.writableFinished) socket.end();
      else inFlight.once('finish', () => socket.end());
      return;
    }
    writeRaw(socket, refusalResponse(parserError(error.code, maxHeaderBytes)), {
      // RFC 9110 §9.3.2: an answer to HEAD has no body, whatever went wrong.
      bodyless: error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ',
    });
  };
}

/** The server's `connect` listener: CONNECT gets the envelope instead of a silently closed socket. */
export function answerConnect(maxHeaderBytes: number) {
  return (_req: IncomingMessage, socket: Duplex) =>
    writeRaw(socket, refusalResponse(parserError('CONNECT', maxHeaderBytes)), { bodyless: false });
}

/** Answers through the request's own response (node:http drops the body for HEAD itself). */
export function answerThrough(res: ServerResponse, response: APIGatewayProxyStructuredResultV2): number {
  const body = Buffer.from(response.body ?? '', 'utf8');
  res.writeHead(response.statusCode ?? 500, {
    ...response.headers,
    'content-length': String(body.length),
  } as Record<string, string>);
  res.end(body);
  return response.statusCode ?? 500;
}

/** A whole HTTP/1.1 answer written on a socket no ServerResponse owns, then the socket ended. */
function writeRaw(
  socket: Duplex,
  response: APIGatewayProxyStructuredResultV2,
  options: { bodyless: boolean },
) {
  const body = Buffer.from(response.body ?? '', 'utf8');
  const headers = { ...response.headers, 'content-length': String(body.length) };
  const head = [
    `HTTP/1.1 ${response.statusCode} ${STATUS_CODES[response.statusCode ?? 500] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.end(
    options.bodyless ? Buffer.from(head, 'latin1') : Buffer.concat([Buffer.from(head, 'latin1'), body]),
  );
}
