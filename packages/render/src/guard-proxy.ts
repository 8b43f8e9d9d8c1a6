import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type AddressPolicy,
  guardedLookup,
  RefusedAddressError,
  type Resolver,
  resolveAllowed,
} from '@webcapture/capture';
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
  #admit(host: string): boolean {
    if (this.limitsHit.size > 0) {
      this.refusals.push({ host, address: null, reason: 'limit' });
      return false;
    }
    this.requests += 1;
    if (this.requests > this.options.maxRequests) {
      this.#hitLimit('requests');
      this.refusals.push({ host, address: null, reason: 'limit' });
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

  #refused(host: string, error: unknown): void {
    this.refusals.push(
      error instanceof RefusedAddressError
        ? { host, address: error.address, reason: 'private_address' }
        : error instanceof UpstreamProxyError
          ? { host, address: null, reason: 'proxy_failed', cause: error.cause }
          : { host, address: null, reason: 'unreachable', cause: error },
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
    const target = parseAuthority(req.url ?? '');
    if (!target || !this.#admit(target.host)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    this.#open(target.host, target.port).then(
      (origin) => {
        if (client.destroyed) {
          origin.destroy();
          return;
        }
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) origin.write(head);
        origin.on('data', (chunk: Buffer) => this.#received(chunk.length));
        origin.once('error', () => client.destroy());
        origin.pipe(client);
        client.pipe(origin);
        client.once('close', () => origin.destroy());
        origin.once('close', () => client.destroy());
      },
      (error) => {
        this.#refused(target.host, error);
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
    if (url.protocol !== 'http:' || !this.#admit(url.hostname)) {
      res.socket?.destroy();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const port = Number(url.port || 80);
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare) && !this.options.isAllowed(bare)) {
      this.#refused(bare, new RefusedAddressError(bare));
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
      if (!res.headersSent) this.#refused(bare, error);
      res.socket?.destroy();
    });
    upstream.once('response', (answer) => {
      this.#received(answer.rawHeaders.reduce((sum, value) => sum + value.length + 2, 0));
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.on('data', (chunk: Buffer) => this.#received(chunk.length));
      answer.pipe(res);
    });
    req.pipe(upstream);
  }
}

/** `host:port` of a CONNECT request, IPv6 literals in brackets. */
function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(authority);
  if (!match?.[1] || !match[2]) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1], port } : undefined;
}
