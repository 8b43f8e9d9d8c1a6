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
    bodyTimeoutMs: 1500,
  });
});

afterAll(() => server.stop());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes received in all; 0 when the server closed without a word. */
  received: number;
}

/**
 * Sends `raw` (parts 50 ms apart), optionally half-closes, and reads until the server closes the
 * connection; rejects when it has not within `waitMs`.
 */
function exchange(raw: string | string[], options: { halfClose?: boolean; waitMs?: number } = {}) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${options.waitMs ?? 5000} ms`));
    }, options.waitMs ?? 5000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, received: text.length });
    });
    void (async () => {
      for (const part of [raw].flat()) {
        socket.write(part);
        await new Promise((wait) => setTimeout(wait, 50));
      }
      if (options.halfClose) socket.end();
    })();
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

describe('edge cases API Gateway answers (issue 23)', () => {
  it('CONNECT: 501 not_implemented with the envelope, not a silent close', async () => {
    const response = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(response.status).toBe(501);
    expect(expectEnvelope(response, 'not_implemented').details).toEqual({ reason: 'unsupported_method' });
  });

  it('an invalid chunk size: 400 malformed_request with the envelope', async () => {
    const response = await exchange(
      'POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(expectEnvelope(response, 'validation_error').details).toEqual({ reason: 'malformed_request' });
  });

  it('HEAD with headers over 16 KB: 431 with the envelope headers and no body, however the head arrives', async () => {
    for (const parts of [
      [`HEAD /x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
      ['HEAD /x HTTP/1.1\r\nHost: x\r\n', `X-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ]) {
      const response = await exchange(parts);
      expect(response.status).toBe(431);
      expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
      expect(response.body).toBe('');
    }
    const get = await exchange(`GET /x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(expectEnvelope(get, 'request_too_large').details).toEqual({
      reason: 'headers_too_large',
      limit_bytes: 16384,
    });
  });

  it('a declared length past 10 MB with no body: 413 at once, as API Gateway, without waiting for it', async () => {
    const started = Date.now();
    const response = await exchange('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 22020096\r\n\r\n');
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: 'Request Entity Too Large' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a body trickled in past the body deadline: 408 with the envelope, and the connection closed', async () => {
    const trickle = Array.from({ length: 60 }, () => 'x');
    const response = await exchange([
      'POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n',
      ...trickle,
    ]);
    expect(response.status).toBe(408);
    expect(expectEnvelope(response, 'validation_error').details).toEqual({ reason: 'request_timeout' });
  });

  it('clients that half-close mid-body get a 400 and leave no socket behind (no CLOSE-WAIT)', async () => {
    const before = await server.openConnections();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        exchange('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf a body', {
          halfClose: true,
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(expectEnvelope(answer, 'validation_error').details).toEqual({ reason: 'incomplete_request' });
    }
    expect(await server.openConnections()).toBeLessThanOrEqual(before);
    // Half a body and silence, without a FIN: cut at the body deadline, then gone too.
    const silent = await exchange('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf');
    expect(silent.status).toBe(408);
    expect(await server.openConnections()).toBeLessThanOrEqual(before);
  });
});
