/** Pixel size of a PNG, JPEG or WebP image, read from its header; undefined when unrecognised. */
export function imageSize(image: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...image.subarray(at, at + length));
  if (image.length >= 24 && ascii(1, 3) === 'PNG') {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (image.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP')
    return webpSize(image, view, ascii(12, 4));
  if (image[0] === 0xff && image[1] === 0xd8) return jpegSize(image, view);
  return undefined;
}

function webpSize(image: Uint8Array, view: DataView, chunk: string) {
  if (chunk === 'VP8X') {
    const read24 = (at: number) =>
      (image[at] ?? 0) | ((image[at + 1] ?? 0) << 8) | ((image[at + 2] ?? 0) << 16);
    return { width: read24(24) + 1, height: read24(27) + 1 };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(image: Uint8Array, view: DataView) {
  let at = 2;
  while (at + 9 < image.length) {
    if (image[at] !== 0xff) return undefined;
    const marker = image[at + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}
