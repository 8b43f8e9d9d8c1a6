import { PNG } from 'pngjs';

/** Downloads a signed image_url (following its redirect to the bucket). */
export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export function decodePng(bytes: Buffer): PNG {
  return PNG.sync.read(bytes);
}

/** [r, g, b, a] at a pixel of a decoded PNG. */
export function pixelAt(png: PNG, x: number, y: number): number[] {
  const at = (y * png.width + x) * 4;
  return [...png.data.subarray(at, at + 4)];
}

/** Pixel size from a JPEG's SOF marker or a WebP's VP8/VP8L/VP8X header, read independently of the service. */
export function lossySize(bytes: Buffer): { format: 'jpeg' | 'webp'; width: number; height: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at < bytes.length) {
      const marker = bytes[at + 1] as number;
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xc3) {
        return { format: 'jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
  }
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('ascii', 12, 16);
    if (chunk === 'VP8X') {
      return { format: 'webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    }
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { format: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    return {
      format: 'webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  throw new Error(`neither JPEG nor WebP: ${bytes.subarray(0, 12).toString('hex')}`);
}
