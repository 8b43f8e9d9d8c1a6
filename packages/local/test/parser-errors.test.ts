import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../src/http-server';

/**
 * What node:http refuses before any handler runs: it is answered with the spec's envelope too,
 * never a bare status line. Raw sockets, since fetch would refuse to send most of these.
 */
let server: RunningHttpServer;
let handled = 0;

beforeAll(async () => {
  server = await startHttpServer({
    resolve: () => ({ kind: 'not_found' }),
    loadHandler: async () => async () => {
      handled++;
      return { statusCode: 204 };
    },
  });
});

afterAll(() => server.stop());

/** Sends `raw` and reads until the server closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(raw);
  });
}

function expectEnvelope(
  response: { status: number; headers: Record<string, string>; body: string },
  code: string,
) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  const json = JSON.parse(response.body);
  expect(json).toMatchObject({ status: 'failed', error: { code, http_status: response.status } });
  expect(response.body).not.toMatch(/HPE_|at .*\.ts|node:/);
  return json.error;
}

describe('requests the HTTP parser refuses', () => {
  it('headers over 16 KB: 431 with the envelope', async () => {
    const response = await exchange(
      `GET /v1/account HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    const error = expectEnvelope(response, 'request_too_large');
    expect(error.details).toEqual({ reason: 'headers_too_large', limit_bytes: 16384 });
  });

  it('an unknown method: 501 with the envelope', async () => {
    const response = await exchange('FROB /v1/account HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(response.status).toBe(501);
    expect(expectEnvelope(response, 'not_implemented').details).toEqual({ reason: 'unknown_method' });
  });

  it.each([
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    ['a control character in a header value', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n'],
    ['a space inside the path', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a NUL in the path', 'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['an unknown HTTP version', 'GET / HTTP/7.3\r\nHost: x\r\n\r\n'],
    [
      'both Content-Length and chunked',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('%s: 400 with the envelope', async (_name, raw) => {
    const response = await exchange(raw);
    expect(response.status).toBe(400);
    expect(expectEnvelope(response, 'validation_error').details).toEqual({ reason: 'malformed_request' });
  });

  it('ran no handler for any of them, and still serves ordinary requests', async () => {
    expect(handled).toBe(0);
    expect((await fetch(`${server.baseUrl}/anything`)).status).toBe(204);
    expect(handled).toBe(1);
  });

  it('garbage after a good request on one connection: the good answer arrives, then the connection closes', async () => {
    const response = await exchange('GET /x HTTP/1.1\r\nHost: x\r\n\r\n{"a":1}\r\n\r\n');
    expect(response.status).toBe(204);
    expect(handled).toBe(2);
  });
});
