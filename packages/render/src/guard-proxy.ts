import {
  Agent,
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type AddressPolicy,
  guardedLookup,
  RefusedAddressError,
  type Resolver,
  resolveAllowed,
} from '@webcapture/capture';
import { TrafficRecorder } from './traffic-recorder';
import { openTunnel, TunnelAgent, UpstreamProxyError } from './upstream-tunnel';

/**
 * A forward proxy on 127.0.0.1 that one capture's browser context must send all its traffic
 * through (Chromium is told to proxy loopback too). Every socket it opens to the outside is
 * opened by `guardedLookup`, so the address checked is the address connected to, whatever the
 * page asked for: documents, redirects, subresources, iframes, fetch/XHR, WebSockets (which
 * Chromium tunnels with CONNECT), service workers and prefetches alike.
 *
 * With an `upstream` (the country's proxy from PROXY_URLS) every connection is instead a CONNECT
 * tunnel through that proxy, plain HTTP included. The upstream resolves and connects on its own,
 * so the guard can only judge the target before asking: its name is resolved here and refused if
 * any address is reserved (literals judged as they are), exactly as the fast path does before
 * handing a request to its ProxyAgent (README: Rendered captures and country proxies).
 */

export interface UpstreamProxy {
  /** An http: or https: proxy URL; user name and password in it become Proxy-Authorization: Basic. */
  url: URL;
  /** Resolve and judge target names before asking the upstream; false when the guard is lifted. */
  checkTargets: boolean;
}

export interface GuardProxyOptions {
  resolve: Resolver;
  isAllowed: AddressPolicy;
  /** Bytes received from origins after which every tunnel is cut and new ones are refused. */
  maxBytes: number;
  /** Requests (plain HTTP requests plus CONNECT tunnels) after which new ones are refused. */
  maxRequests: number;
  /** Chain every connection through this proxy instead of connecting directly. */
  upstream?: UpstreamProxy;
  /** Keep the traffic for a recording (README: Recording). */
  recorder?: TrafficRecorder;
}

export interface ProxyRefusal {
  host: string;
  /** The reserved address the name resolved to, or the literal; null for other failures. */
  address: string | null;
  /** `proxy_failed`: the upstream proxy could not be reached or would not open the tunnel. */
  reason: 'private_address' | 'unreachable' | 'limit' | 'proxy_failed';
  /**
   * What the connection failed with (`proxy_failed`, `unreachable`), for the fast path's error
   * mapping: a name that does not resolve is `dns_unresolvable` there and here alike.
   */
  cause?: unknown;
  /** The URL (plain HTTP) or host:port (tunnel) that was refused. */
  target?: string;
  /** ISO 8601 UTC. */
  at?: string;
}

export type ProxyLimit = 'bytes' | 'requests';

export class GuardProxy {
  /** Bytes received from origins (TLS records included for https): what the capture downloaded. */
  bytesIn = 0;
  requests = 0;
  readonly refusals: ProxyRefusal[] = [];
  readonly limitsHit = new Set<ProxyLimit>();
  readonly #server: Server;
  readonly #sockets = new Set<Duplex>();
  readonly #lookup;
  /** Keeps plain-HTTP connections to origins open for the capture's later requests; every new one is guarded. */
  readonly #agent: Agent;

  constructor(readonly options: GuardProxyOptions) {
    this.#lookup = guardedLookup(options.resolve, options.isAllowed);
    const upstream = options.upstream;
    this.#agent = upstream
      ? new TunnelAgent((host, port) => this.#throughUpstream(upstream, host, port))
      : new Agent({ keepAlive: true });
    this.#server = createServer((req, res) => this.#forward(req, res));
    this.#server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) =>
      this.#tunnel(req, client, head),
    );
    // Chromium tunnels WebSockets with CONNECT; an Upgrade sent to a proxy directly is not ours to pass.
    this.#server.on('upgrade', (_req, socket: Duplex) => socket.destroy());
    this.#server.on('connection', (socket: Socket) => this.#track(socket));
  }

  /** Listens on a free loopback port; resolves to the `--proxy-server` value. */
  async start(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.#server.address();
    if (!address || typeof address === 'string') throw new Error('the guard proxy has no port');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Cuts every open socket; safe to call twice. */
  close(): void {
    this.#server.close();
    this.#agent.destroy();
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  #track(socket: Duplex): void {
    if (this.#sockets.has(socket)) return; // a kept-alive socket serving another request
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  /** Counts a new request against the cap; false (and recorded) when it must be refused. */
  #admit(host: string, target: string): boolean {
    if (this.limitsHit.size > 0) {
      this.refusals.push({ host, address: null, reason: 'limit', target, at: new Date().toISOString() });
      return false;
    }
    this.requests += 1;
    if (this.requests > this.options.maxRequests) {
      this.#hitLimit('requests');
      this.refusals.push({ host, address: null, reason: 'limit', target, at: new Date().toISOString() });
      return false;
    }
    return true;
  }

  #received(bytes: number): void {
    this.bytesIn += bytes;
    if (this.bytesIn > this.options.maxBytes) this.#hitLimit('bytes');
  }

  #hitLimit(limit: ProxyLimit): void {
    this.limitsHit.add(limit);
    // Over the byte cap nothing more may arrive: cut the tunnels still open.
    if (limit === 'bytes') for (const socket of this.#sockets) socket.destroy();
  }

  #refused(host: string, error: unknown, target: string): void {
    const seen = { target, at: new Date().toISOString() };
    this.refusals.push(
      error instanceof RefusedAddressError
        ? { host, address: error.address, reason: 'private_address', ...seen }
        : error instanceof UpstreamProxyError
          ? { host, address: null, reason: 'proxy_failed', cause: error.cause, ...seen }
          : { host, address: null, reason: 'unreachable', cause: error, ...seen },
    );
  }

  /** A tunnel to host:port through the upstream, after the guard has judged the target. */
  async #throughUpstream(upstream: UpstreamProxy, host: string, port: number): Promise<Socket> {
    const bare = host.replace(/^\[|\]$/g, '');
    if (upstream.checkTargets) await resolveAllowed(bare, this.options.resolve, this.options.isAllowed);
    return openTunnel(upstream.url, bare, port, (socket) => this.#track(socket));
  }

  /** A connected socket to host:port: directly through the guard, or tunnelled through the upstream. */
  async #open(host: string, port: number): Promise<Socket> {
    if (this.options.upstream) return this.#throughUpstream(this.options.upstream, host, port);
    const socket = this.#dial(host, port);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(socket);
      });
    });
  }

  /** Opens a socket to host:port through the guard; literal IPs are judged here (Node skips lookup). */
  #dial(host: string, port: number): Socket {
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) && !this.options.isAllowed(bare)) throw new RefusedAddressError(bare);
    const socket = connect({ host: bare, port, lookup: this.#lookup });
    this.#track(socket);
    return socket;
  }

  #tunnel(req: IncomingMessage, client: Duplex, head: Buffer): void {
    const authority = req.url ?? '';
    const target = parseAuthority(authority);
    if (!target || !this.#admit(target.host, authority)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const started = Date.now();
    this.#open(target.host, target.port).then(
      (origin) => {
        if (client.destroyed) {
          origin.destroy();
          return;
        }
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) origin.write(head);
        // Recorded as it opens, its bytes and duration kept current: a kept-alive tunnel is
        // still open when the page is read.
        const tunnel = this.options.recorder
          ? {
              authority,
              ip: origin.remoteAddress ?? null,
              startedAt: new Date(started).toISOString(),
              durationMs: 0,
              bytes: 0,
            }
          : undefined;
        if (tunnel) this.options.recorder?.tunnels.push(tunnel);
        origin.on('data', (chunk: Buffer) => {
          this.#received(chunk.length);
          if (tunnel) {
            tunnel.bytes += chunk.length;
            tunnel.durationMs = Date.now() - started;
          }
        });
        origin.once('error', () => client.destroy());
        origin.pipe(client);
        client.pipe(origin);
        client.once('close', () => origin.destroy());
        origin.once('close', () => client.destroy());
      },
      (error) => {
        this.#refused(target.host, error, authority);
        // Chromium reports either as ERR_TUNNEL_CONNECTION_FAILED.
        client.end(
          error instanceof RefusedAddressError
            ? 'HTTP/1.1 403 Forbidden\r\n\r\n'
            : 'HTTP/1.1 502 Bad Gateway\r\n\r\n',
        );
      },
    );
  }

  #forward(req: IncomingMessage, res: import('node:http').ServerResponse): void {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.socket?.destroy();
      return;
    }
    // Chromium proxies only http here (https goes through CONNECT); anything else is refused.
    if (url.protocol !== 'http:' || !this.#admit(url.hostname, url.href)) {
      res.socket?.destroy();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const port = Number(url.port || 80);
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare) && !this.options.isAllowed(bare)) {
      this.#refused(bare, new RefusedAddressError(bare), url.href);
      // No answer at all: a made-up status would be taken for the origin's.
      res.socket?.destroy();
      return;
    }
    const upstream = httpRequest({
      host: bare,
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      // Direct connections resolve through the guard; tunnels are judged in #throughUpstream.
      ...(this.options.upstream ? {} : { lookup: this.#lookup }),
      agent: this.#agent,
    });
    upstream.on('socket', (socket) => this.#track(socket));
    upstream.once('error', (error) => {
      if (!res.headersSent) this.#refused(bare, error, url.href);
      res.socket?.destroy();
    });
    const recording = this.options.recorder
      ? this.#recordExchange(this.options.recorder, url, req, upstream)
      : undefined;
    upstream.once('response', (answer) => {
      this.#received(answer.rawHeaders.reduce((sum, value) => sum + value.length + 2, 0));
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.on('data', (chunk: Buffer) => this.#received(chunk.length));
      recording?.(answer);
      answer.pipe(res);
    });
    req.pipe(upstream);
  }

  /**
   * Taps one plain-HTTP exchange for the recording: the request as forwarded (no proxy headers),
   * the answer as it came; written once the answer's body has ended (an exchange cut before that
   * is not kept: it has no answer to replay).
   */
  #recordExchange(
    recorder: TrafficRecorder,
    url: URL,
    req: IncomingMessage,
    upstream: ClientRequest,
  ): (answer: IncomingMessage) => void {
    const started = Date.now();
    const requestBody = recorder.body();
    req.on('data', (chunk: Buffer) => requestBody.push(chunk));
    const forwarded = req.rawHeaders.filter((_value, index, all) => {
      const name = (index % 2 === 0 ? all[index] : all[index - 1]) as string;
      return !/^proxy-(connection|authorization)$/i.test(name);
    });
    return (answer) => {
      const responseBody = recorder.body();
      const ip = upstream.socket?.remoteAddress ?? null;
      answer.on('data', (chunk: Buffer) => responseBody.push(chunk));
      answer.once('end', () =>
        recorder.exchanges.push({
          url: url.href,
          method: req.method ?? 'GET',
          requestHeaders: TrafficRecorder.requestHeaders(forwarded),
          requestBody: requestBody.bytes(),
          status: answer.statusCode ?? 0,
          statusText: answer.statusMessage ?? '',
          responseHeaders: TrafficRecorder.responseHeaders(answer.rawHeaders),
          responseBody: responseBody.bytes(),
          truncated: requestBody.truncated || responseBody.truncated,
          ip,
          startedAt: new Date(started).toISOString(),
          durationMs: Date.now() - started,
        }),
      );
    };
  }
}

/** `host:port` of a CONNECT request, IPv6 literals in brackets. */
function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(authority);
  if (!match?.[1] || !match[2]) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1], port } : undefined;
}
