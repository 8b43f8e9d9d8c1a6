import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '@webcapture/errors';
import { defaultRate, errorResponse, rateHeaders } from '@webcapture/http';

/**
 * Requests node:http cannot parse never reach a handler: without this, Node answers them itself
 * with a bare status (431 with an empty body, 400 for an unknown method). They get the spec's
 * envelope like every other error, with the rate headers of a request no account is known for.
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
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('validation_error', 'The request did not arrive in time.', {
        status: 408,
        details: { reason: 'request_timeout' },
      });
    default:
      return new ApiError('validation_error', 'The request is not valid HTTP/1.1.', {
        status: 400,
        details: { reason: 'malformed_request' },
      });
  }
}

/** The server's `clientError` listener: answer in the envelope when the socket can still take it. */
export function answerParserError(maxHeaderBytes: number) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Garbage after a good request on the same connection (a body sent without framing): the
    // answer already under way is delivered, then the connection closes.
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight) {
      if (inFlight.writableFinished) socket.end();
      else inFlight.once('finish', () => socket.end());
      return;
    }
    const response = errorResponse(parserError(error.code, maxHeaderBytes));
    const body = Buffer.from(response.body ?? '', 'utf8');
    const headers = {
      ...response.headers,
      ...rateHeaders(defaultRate()),
      'content-length': String(body.length),
      connection: 'close',
    };
    const head = [
      `HTTP/1.1 ${response.statusCode} ${STATUS_CODES[response.statusCode] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  };
}
