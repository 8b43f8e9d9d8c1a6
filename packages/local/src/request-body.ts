import type { IncomingMessage } from 'node:http';

/** How reading a request body ended. */
export type BodyOutcome =
  | { kind: 'read'; body: Buffer }
  /** Past the limit: reading stopped there (nothing more is buffered). */
  | { kind: 'too_large' }
  /** Not complete within the deadline: a body trickled in, or half of one and then silence. */
  | { kind: 'timed_out' }
  /** The connection broke off, or the parser refused the framing (its clientError answers that). */
  | { kind: 'aborted' };

export interface BodyLimits {
  maxBytes: number;
  /** From the end of the headers to the last byte of the body. */
  timeoutMs: number;
}

/** A declared Content-Length, when there is one and it is a number (the parser refuses other values). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length'];
  return value === undefined ? undefined : Number(value);
}

/**
 * Reads a request body within a size and a time limit. Stops at the first byte past either, so
 * an endless or stalled upload never holds the server: the caller answers and closes.
 */
export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'timed_out' }), limits.timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) settle({ kind: 'too_large' });
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => settle({ kind: 'read', body: Buffer.concat(chunks) }));
    req.once('error', () => settle({ kind: 'aborted' }));
    // After 'end' this changes nothing; before it, the connection went away mid-body.
    req.once('close', () => settle({ kind: 'aborted' }));
  });
}
