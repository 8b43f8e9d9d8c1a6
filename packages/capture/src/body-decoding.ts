import { Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { ApiError } from '@webcapture/errors';

/**
 * Response bodies are decompressed here rather than by undici so that the compressed bytes the
 * origin sent (what usage is billed on) and the decompressed bytes (what the size cap applies to)
 * can both be counted while the body streams.
 */

// zstd arrived in Node 22.15 / 23.8; on Node 20 it is neither offered in Accept-Encoding nor decoded.
const createZstdDecompress = (zlib as { createZstdDecompress?: () => Transform }).createZstdDecompress;

/** Sent as Accept-Encoding: exactly what this module can undo. */
export const ACCEPT_ENCODING = createZstdDecompress ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';

// Browsers accept bodies cut short after the last complete block; so do we.
const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

function decoderFor(encoding: string): Transform | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient);
    case 'deflate':
      return inflateEitherFraming();
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case 'zstd':
      return createZstdDecompress?.();
    default:
      return undefined;
  }
}

/** RFC 1950: compression method 8 in the low nibble, and the two header bytes a multiple of 31. */
function hasZlibHeader(chunk: Buffer): boolean {
  const [cmf = 0, flg = 0] = chunk;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/** HTTP "deflate" means zlib-wrapped, but enough servers send raw deflate that both are accepted. */
function inflateEitherFraming(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inner) {
        inner = hasZlibHeader(chunk) ? zlib.createInflate(lenient) : zlib.createInflateRaw(lenient);
        inner.on('data', (data: Buffer) => this.push(data));
        inner.on('error', (error) => this.destroy(error));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once('end', () => done());
      inner.end();
    },
  });
}

/** Decoders for a Content-Encoding list, in the order they must be applied (last-applied first). */
export function decodersFor(contentEncoding: string | undefined): Transform[] {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token && token !== 'identity')
    .reverse();
  return encodings.map((encoding) => {
    const decoder = decoderFor(encoding);
    if (!decoder) {
      throw new ApiError(
        'internal_error',
        `The page was sent with an unsupported content encoding (${encoding}).`,
        {
          details: { reason: 'unsupported_content_encoding', encoding },
        },
      );
    }
    return decoder;
  });
}
