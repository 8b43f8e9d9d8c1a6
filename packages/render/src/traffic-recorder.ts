/**
 * What is kept of a capture's traffic when the capture is recorded (docs/api/recordings.md):
 * every exchange with its headers and bodies (plain http from the guard proxy, https from
 * Chromium's network events: browser-exchanges.ts), every HTTPS or WebSocket tunnel the guard
 * opened, and every request it refused. Bodies share one budget per recording; what does not fit
 * is cut, and the exchange says so (`truncated`).
 */

/** Body bytes one recording keeps in all (README: Recording, the cap). */
export const RECORDING_MAX_BODY_BYTES = 50 * 1024 * 1024;

/** Request header values never written to a recording: credentials of the customer's own. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization']);

export type RawHeaders = Array<[string, string]>;

export interface RecordedExchange {
  url: string;
  method: string;
  requestHeaders: RawHeaders;
  requestBody: Uint8Array;
  status: number;
  statusText: string;
  /** As the origin sent them; the body is de-chunked but still content-encoded. */
  responseHeaders: RawHeaders;
  responseBody: Uint8Array;
  /** A body was cut at the recording's cap. */
  truncated: boolean;
  /** The peer address the answer came from (the country proxy's when chained). */
  ip: string | null;
  /** ISO 8601 UTC: when the request reached the proxy. */
  startedAt: string;
  durationMs: number;
}

export interface RecordedTunnel {
  /** host:port the browser asked to CONNECT to. */
  authority: string;
  ip: string | null;
  startedAt: string;
  durationMs: number;
  /** Bytes received from the origin through the tunnel (TLS records). */
  bytes: number;
}

export interface RecordedRefusal {
  /** The URL (plain HTTP) or host:port (tunnel) the guard refused. */
  target: string;
  reason: string;
  /** The reserved address it resolved to, when that was the reason. */
  address: string | null;
  at: string;
}

export interface RecordedTraffic {
  exchanges: RecordedExchange[];
  tunnels: RecordedTunnel[];
  refusals: RecordedRefusal[];
}

/** Collects one body within what is left of the recording's budget. */
export interface BodySink {
  push(chunk: Uint8Array): void;
  bytes(): Uint8Array;
  readonly truncated: boolean;
}

export class TrafficRecorder {
  readonly exchanges: RecordedExchange[] = [];
  readonly tunnels: RecordedTunnel[] = [];
  #budget: number;

  constructor(maxBodyBytes: number = RECORDING_MAX_BODY_BYTES) {
    this.#budget = maxBodyBytes;
  }

  /** A sink that keeps what still fits in the recording's budget and drops (and flags) the rest. */
  body(): BodySink {
    const chunks: Uint8Array[] = [];
    let truncated = false;
    return {
      push: (chunk) => {
        const kept = Math.min(chunk.byteLength, Math.max(0, this.#budget));
        if (kept < chunk.byteLength) truncated = true;
        if (kept > 0) chunks.push(chunk.subarray(0, kept));
        this.#budget -= kept;
      },
      bytes: () => Buffer.concat(chunks),
      get truncated() {
        return truncated;
      },
    };
  }

  /** Request headers as recorded: credentials replaced, never written. */
  static requestHeaders(raw: string[]): RawHeaders {
    const pairs: RawHeaders = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] as string;
      pairs.push([name, REDACTED_HEADERS.has(name.toLowerCase()) ? '[redacted]' : (raw[i + 1] as string)]);
    }
    return pairs;
  }

  static responseHeaders(raw: string[]): RawHeaders {
    const pairs: RawHeaders = [];
    for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
    return pairs;
  }
}
