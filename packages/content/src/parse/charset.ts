import { isAscii } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * Label aliases that differ from what a browser actually decodes (WHATWG Encoding Standard):
 * Latin-1 and ASCII labels mean windows-1252, GB2312/GBK mean the GB18030 superset, and the
 * Shift_JIS/EUC-KR families map to the Microsoft supersets real pages rely on.
 */
const LABEL_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'x-cp1252': 'windows-1252',
  cp1252: 'windows-1252',
  gb2312: 'gbk',
  gbk: 'gbk',
  'x-gbk': 'gbk',
  gb_2312: 'gbk',
  'gb_2312-80': 'gbk',
  gb18030: 'gb18030',
  shift_jis: 'shift_jis',
  'shift-jis': 'shift_jis',
  sjis: 'shift_jis',
  'x-sjis': 'shift_jis',
  ms_kanji: 'shift_jis',
  'windows-31j': 'shift_jis',
  'euc-kr': 'euc-kr',
  'ks_c_5601-1987': 'euc-kr',
  'iso-8859-9': 'windows-1254',
  'tis-620': 'windows-874',
  utf8: 'utf-8',
  'unicode-1-1-utf-8': 'utf-8',
};

/** The spec's prescan reads the first 1024 bytes; real pages often put meta later, so look further. */
const PRESCAN_BYTES = 4096;

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

function normalizeLabel(label: string | undefined | null): string | null {
  if (!label) return null;
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (!l) return null;
  const alias = LABEL_ALIASES[l] ?? l;
  // Decoded without iconv-lite, whose tables take some 30 ms to load at its first question.
  if (alias === 'utf-8' || alias === 'utf-16le' || alias === 'utf-16be' || alias === 'windows-1252')
    return alias;
  if (alias === 'utf-16') return 'utf-16le';
  return iconv.encodingExists(alias) ? alias : null;
}

function charsetFromContentType(header: string | null | undefined): string | null {
  if (!header) return null;
  const m = /charset\s*=\s*("[^"]*"|[^;\s]*)/i.exec(header);
  return normalizeLabel(m?.[1]);
}

function charsetFromBom(body: Uint8Array): { charset: string; skip: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (body[0] === 0xff && body[1] === 0xfe) return { charset: 'utf-16le', skip: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { charset: 'utf-16be', skip: 2 };
  return null;
}

function charsetFromMeta(body: Uint8Array): string | null {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, PRESCAN_BYTES)).toString(
    'latin1',
  );
  const label = normalizeLabel(META_CHARSET.exec(head)?.[1]);
  // A page that is served as bytes cannot really be UTF-16 if its meta said so in ASCII.
  return label === 'utf-16le' || label === 'utf-16be' ? 'utf-8' : label;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');

/** Single-byte charsets, besides windows-1252, that read bytes below 0x80 as ASCII. */
const ASCII_SINGLE_BYTE = new Set(['windows-1250', 'windows-1251', 'windows-1254', 'iso-8859-2']);

/**
 * windows-1252's characters for the bytes 0x80-0x9f, as iconv-lite decodes them (U+FFFD for the
 * five it leaves undefined); the other bytes are Latin-1's.
 */
const WINDOWS_1252_C1 =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const C1 = /[\x80-\x9f]/g;

/** windows-1252 read as Latin-1 (one native copy), its bytes 0x80-0x9f then replaced, when it has any. */
function decodeWindows1252(body: Uint8Array): string {
  const latin1 = Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1');
  C1.lastIndex = 0;
  if (!C1.test(latin1)) return latin1;
  return latin1.replace(C1, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] as string);
}

function decodeWith(body: Uint8Array, charset: string): string {
  if (charset === 'utf-8') return utf8.decode(body);
  if (charset === 'utf-16le' || charset === 'utf-16be') return new TextDecoder(charset).decode(body);
  if (charset === 'windows-1252') return decodeWindows1252(body);
  // Many pages declared Latin-1 hold only ASCII bytes: read natively as they decode the same.
  if (ASCII_SINGLE_BYTE.has(charset) && isAscii(body))
    return Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1');
  return iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.length), charset);
}

/**
 * Decodes a response body the way a browser would: BOM, then the Content-Type charset, then
 * `<meta charset>` / `http-equiv`, then UTF-8 if the bytes are valid UTF-8, else windows-1252.
 */
export function decodeHtml(
  body: Uint8Array,
  contentTypeHeader?: string | null,
): { html: string; charset: string } {
  const bom = charsetFromBom(body);
  if (bom) return { html: decodeWith(body.subarray(bom.skip), bom.charset), charset: bom.charset };
  const charset = charsetFromContentType(contentTypeHeader) ?? charsetFromMeta(body);
  if (charset) return { html: decodeWith(body, charset), charset };
  try {
    return { html: utf8Fatal.decode(body), charset: 'utf-8' };
  } catch {
    return { html: decodeWith(body, 'windows-1252'), charset: 'windows-1252' };
  }
}
