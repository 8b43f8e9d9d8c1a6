import type { Transform } from 'node:stream';
import { ApiError } from '@webcapture/errors';
import type { Dispatcher } from 'undici';
import { decodersFor } from './body-decoding';
import { receiveSocketAddress } from './socket-address';

/** One request/response round trip; redirects are the caller's business. */
export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  wireBytes: number;
  remoteAddress: string;
}

export interface ExchangeOptions {
  dispatcher: Dispatcher;
  url: URL;
  headers: Record<string, string>;
  signal: AbortSignal;
  maxBodyBytes: number;
  /** False for responses whose body is thrown away (redirects): it is drained, never decoded. */
  keepBody(status: number, headers: Record<string, string>): boolean;
}

export function bodyTooLarge(limit: number): ApiError {
  return new ApiError('internal_error', `The page is larger than the ${limit}-byte limit.`, {
    details: { reason: 'body_too_large', limit },
  });
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** One copy into a plain Uint8Array: never a view into Node's shared Buffer pool. */
function joinChunks(chunks: Buffer[], length: number): Uint8Array {
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

class ExchangeHandler implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #keep = true;
  #decoders: Transform[] = [];
  #chunks: Buffer[] = [];
  #decodedBytes = 0;
  #status = 0;
  #headers: Record<string, string> = {};
  #wireBytes = 0;
  #remoteAddress = '';

  constructor(
    private readonly options: ExchangeOptions,
    private readonly resolve: (exchange: Exchange) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#settled) {
      controller.abort(new Error('exchange already settled'));
      return;
    }
    receiveSocketAddress((address) => {
      this.#remoteAddress = address;
    });
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (status < 200) return; // informational responses precede the real one
    this.#status = status;
    this.#headers = flattenHeaders(headers);
    this.#keep = this.options.keepBody(status, this.#headers);
    if (!this.#keep) return;
    const declaredLength = Number(this.#headers['content-length']);
    try {
      this.#decoders = decodersFor(this.#headers['content-encoding']);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.#decoders.length === 0 && declaredLength > this.options.maxBodyBytes) {
      this.fail(bodyTooLarge(this.options.maxBodyBytes));
      return;
    }
    this.#decoders.forEach((decoder, i) => {
      const next = this.#decoders[i + 1];
      if (next) decoder.pipe(next);
      decoder.on('error', () =>
        this.fail(
          new ApiError('internal_error', 'The page body could not be decompressed.', {
            details: { reason: 'decoding_failed', encoding: this.#headers['content-encoding'] },
          }),
        ),
      );
    });
    this.#decoders.at(-1)?.on('data', (chunk: Buffer) => this.#collect(chunk));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#wireBytes += chunk.length;
    if (!this.#keep) {
      if (this.#wireBytes > this.options.maxBodyBytes) this.fail(bodyTooLarge(this.options.maxBodyBytes));
      return;
    }
    const first = this.#decoders[0];
    if (!first) {
      this.#collect(chunk);
    } else if (!first.write(chunk)) {
      controller.pause();
      first.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    const last = this.#decoders.at(-1);
    if (!last) {
      this.#finish();
      return;
    }
    last.once('end', () => this.#finish());
    this.#decoders[0]?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  /** Ends the exchange with `error`, closing the connection if the response is still arriving. */
  fail(error: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    for (const decoder of this.#decoders) decoder.destroy();
    this.reject(error);
    if (this.#controller && !this.#controller.aborted) this.#controller.abort(error as Error);
  }

  #collect(chunk: Buffer): void {
    if (this.#settled) return;
    this.#decodedBytes += chunk.length;
    if (this.#decodedBytes > this.options.maxBodyBytes) {
      this.fail(bodyTooLarge(this.options.maxBodyBytes));
      return;
    }
    this.#chunks.push(chunk);
  }

  #finish(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.resolve({
      status: this.#status,
      headers: this.#headers,
      body: joinChunks(this.#chunks, this.#decodedBytes),
      wireBytes: this.#wireBytes,
      remoteAddress: this.#remoteAddress,
    });
  }
}

/** GETs `options.url` once, rejecting with the raw cause (network error, ApiError or abort reason). */
export function exchange(options: ExchangeOptions): Promise<Exchange> {
  const { signal, url } = options;
  return new Promise<Exchange>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => handler.fail(signal.reason);
    const handler = new ExchangeHandler(
      options,
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      options.dispatcher.dispatch(
        { origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers: options.headers },
        handler,
      );
    } catch (error) {
      handler.fail(error);
    }
  });
}
