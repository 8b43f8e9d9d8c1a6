import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../src';

const page = (head: string, body: string): string =>
  `<html><head>${head}</head><body><p>${body}</p></body></html>`;

describe('decodeHtml', () => {
  it('honours a UTF-8 BOM over a contradicting header', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(page('', 'naïve café'), 'utf8'),
    ]);
    const r = decodeHtml(bytes, 'text/html; charset=iso-8859-1');
    expect(r.charset).toBe('utf-8');
    expect(r.html).toContain('naïve café');
    expect(r.html.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('decodes UTF-16LE by BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page('', 'Grüße'), 'utf16le')]);
    expect(decodeHtml(bytes).html).toContain('Grüße');
  });

  it('uses the Content-Type charset for Shift_JIS', () => {
    const bytes = iconv.encode(page('', '日本語のテキスト'), 'shift_jis');
    const r = decodeHtml(bytes, 'text/html; charset=Shift_JIS');
    expect(r.charset).toBe('shift_jis');
    expect(r.html).toContain('日本語のテキスト');
  });

  it('falls back to <meta charset> for GBK (gb2312 label)', () => {
    const bytes = iconv.encode(page('<meta charset="gb2312">', '简体中文网页'), 'gbk');
    const r = decodeHtml(bytes, 'text/html');
    expect(r.charset).toBe('gbk');
    expect(r.html).toContain('简体中文网页');
  });

  it('reads http-equiv Content-Type for windows-1251', () => {
    const head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">';
    const r = decodeHtml(iconv.encode(page(head, 'Привет, мир'), 'windows-1251'));
    expect(r.charset).toBe('windows-1251');
    expect(r.html).toContain('Привет, мир');
  });

  it('decodes ISO-8859-2 (Central European)', () => {
    const r = decodeHtml(
      iconv.encode(page('<meta charset="iso-8859-2">', 'Zażółć gęślą jaźń'), 'iso-8859-2'),
    );
    expect(r.html).toContain('Zażółć gęślą jaźń');
  });

  it('treats ISO-8859-1 as windows-1252 like browsers (curly quotes survive)', () => {
    const r = decodeHtml(
      iconv.encode(page('', '“quoted” – déjà'), 'windows-1252'),
      'text/html; charset=ISO-8859-1',
    );
    expect(r.charset).toBe('windows-1252');
    expect(r.html).toContain('“quoted” – déjà');
  });

  it('reads an ASCII-only page declared in a single-byte charset as that charset would', () => {
    // Every ASCII byte and control character, as a page declared Latin-1 or Central European holds them.
    const ascii = Buffer.from(Array.from({ length: 128 }, (_, i) => i));
    const head = Buffer.from('<meta charset="iso-8859-1"><meta http-equiv="x" content="');
    for (const charset of ['windows-1252', 'windows-1250', 'windows-1251', 'windows-1254', 'iso-8859-2']) {
      const bytes = Buffer.concat([head, ascii]);
      const r = decodeHtml(bytes, `text/html; charset=${charset}`);
      expect(r.charset).toBe(charset);
      expect(r.html).toBe(iconv.decode(bytes, charset));
    }
  });

  it('reads every byte of a windows-1252 page as iconv-lite does, without loading its tables', () => {
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="windows-1252">'),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from([0x93, 0x41, 0x94, 0x80, 0x9f]),
    ]);
    for (const declared of [undefined, 'text/html; charset=iso-8859-1']) {
      const r = decodeHtml(bytes, declared);
      expect(r.charset).toBe('windows-1252');
      expect(r.html).toBe(iconv.decode(bytes, 'windows-1252'));
    }
    // Undeclared and not UTF-8: windows-1252 too.
    const sniffed = Buffer.from([0x93, 0x41, 0x94, 0x81, 0xe9]);
    expect(decodeHtml(sniffed).html).toBe(iconv.decode(sniffed, 'windows-1252'));
  });

  it('sniffs undeclared bytes: valid UTF-8 stays UTF-8, invalid falls back to windows-1252', () => {
    expect(decodeHtml(Buffer.from(page('', 'ümlaut'), 'utf8')).charset).toBe('utf-8');
    const latin = decodeHtml(iconv.encode(page('', 'ümlaut'), 'windows-1252'));
    expect(latin.charset).toBe('windows-1252');
    expect(latin.html).toContain('ümlaut');
  });

  it('ignores an unknown charset label and keeps going', () => {
    const r = decodeHtml(Buffer.from(page('', 'ok ✓'), 'utf8'), 'text/html; charset=x-bogus');
    expect(r.html).toContain('ok ✓');
  });
});
