import { Agent, type ClientRequestArgs } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';

/**
 * Tunnels through a country's upstream proxy (PROXY_URLS) the way the fast path's undici
 * ProxyAgent does: HTTP CONNECT host:port to the proxy (http: or https: proxy URLs), credentials
 * in the URL sent as `Proxy-Authorization: Basic`, the proxy's own socket opened without the SSRF
 * guard — it is the operator's configuration, not the page's, and may well sit on a private network.
 */

/** The upstream proxy could not be reached, or would not open the tunnel; `cause` is what it said. */
export class UpstreamProxyError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'UpstreamProxyError';
  }
}

/** The CONNECT answer's head is small; a proxy that sends more than this is not speaking HTTP. */
const MAX_ANSWER_HEAD = 16 * 1024;

/** Schemes a rendered capture can chain to; the fast path also takes socks5:, this does not (yet). */
export const TUNNEL_PROTOCOLS = ['http:', 'https:'];

/** undici's rule: Basic credentials when the URL carries both a user name and a password. */
function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username || !proxy.password) return undefined;
  const pair = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/**
 * A socket to `host:port` through the upstream proxy, ready for the tunnelled protocol; `track`
 * sees the socket at once, so the caller can cut it whatever happens. Rejects with UpstreamProxyError.
 */
export function openTunnel(
  proxy: URL,
  host: string,
  port: number,
  track: (socket: Duplex) => void,
): Promise<Socket> {
  const secure = proxy.protocol === 'https:';
  const proxyHost = proxy.hostname.replace(/^\[|\]$/g, '');
  const proxyPort = Number(proxy.port || (secure ? 443 : 80));
  const socket: Socket = secure
    ? tlsConnect({ host: proxyHost, port: proxyPort, servername: proxyHost, ALPNProtocols: ['http/1.1'] })
    : netConnect({ host: proxyHost, port: proxyPort });
  track(socket);
  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const authorization = proxyAuthorization(proxy);
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n` +
      (authorization ? `Proxy-Authorization: ${authorization}\r\n` : '') +
      '\r\n',
  );
  return readAnswer(socket).then((status) => {
    if (status === 200) return socket;
    socket.destroy();
    throw new UpstreamProxyError(
      `the upstream proxy answered ${status} to CONNECT`,
      new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`),
    );
  });
}

/**
 * Reads the CONNECT answer's head and returns its status. Reads with `read()`, not a `data`
 * listener, so nothing the tunnel carries after the head is consumed: it stays buffered for
 * whoever reads the socket next (bytes that came with the head are put back).
 */
function readAnswer(socket: Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const done = () => {
      socket.off('readable', onReadable);
      socket.off('error', onError);
      socket.off('end', onEnd);
    };
    const onError = (error: Error) => {
      done();
      reject(new UpstreamProxyError('the upstream proxy could not be reached', error));
    };
    const onEnd = () =>
      onError(Object.assign(new Error('the upstream proxy closed'), { code: 'ECONNRESET' }));
    const onReadable = () => {
      for (
        let chunk = socket.read() as Buffer | null;
        chunk !== null;
        chunk = socket.read() as Buffer | null
      ) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) {
          done();
          if (end + 4 < head.length) socket.unshift(head.subarray(end + 4));
          const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1];
          if (status) resolve(Number(status));
          else onError(Object.assign(new Error('not an HTTP answer'), { code: 'HPE_INVALID_CONSTANT' }));
          return;
        }
        if (head.length > MAX_ANSWER_HEAD) {
          onError(Object.assign(new Error('answer head too large'), { code: 'UND_ERR_HEADERS_OVERFLOW' }));
          return;
        }
      }
    };
    socket.on('readable', onReadable);
    socket.once('error', onError);
    socket.once('end', onEnd);
  });
}

/**
 * A keep-alive agent for plain-HTTP requests whose every connection is a tunnel opened by `open`
 * (Node's Agent accepts a connection handed over later through the callback).
 */
export class TunnelAgent extends Agent {
  constructor(readonly open: (host: string, port: number) => Promise<Socket>) {
    super({ keepAlive: true });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex {
    this.open(String(options.host), Number(options.port)).then(
      (socket) => callback?.(null, socket),
      (error: Error) => callback?.(error, undefined as unknown as Duplex),
    );
    // Node's Agent waits for the callback when nothing is returned here.
    return undefined as unknown as Duplex;
  }
}
