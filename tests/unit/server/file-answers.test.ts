/** Upload judging (real type, polyglots) and the headers of a file answer. */
import { describe, expect, it } from 'vitest';
import { isHtmlPolyglot, isMarkupPolyglot, judgeUpload } from '../../../src/server/domain/file-type';
import { contentDisposition, fileAnswerHeaders } from '../../../src/server/platform/http/file-headers';
import { generateFileKey } from '../../../src/server/platform/storage';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const PDF_HEAD = [...new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n')];
const bytes = (head: number[], text = '') => new Uint8Array([...head, ...new TextEncoder().encode(text)]);
const IMAGES = ['image/png', 'image/jpeg', 'image/webp'];

describe('judgeUpload', () => {
  it('accepts a picture by its bytes', () => {
    expect(judgeUpload(bytes(PNG, 'IDAT\u0000\u0001'), IMAGES)).toBe('image/png');
    expect(judgeUpload(bytes(JPEG), IMAGES)).toBe('image/jpeg');
  });

  it.each(['<html>', '<!DOCTYPE html>', '<script src=x>', '<svg xmlns="http://www.w3.org/2000/svg">', '<?xml version="1.0"?>', '<iframe src=x>', 'javascript:alert(1)', '<BODY onload=x>'])(
    'refuses a picture carrying %s',
    (markup) => {
      expect(judgeUpload(bytes(PNG, `comment ${markup}`), IMAGES)).toBeNull();
      expect(isMarkupPolyglot(bytes(JPEG, markup))).toBe(true);
    },
  );

  it('does not mistake the words or unrelated tags for markup, but finds a tag even at the very end', () => {
    expect(isMarkupPolyglot(bytes(PNG, 'html script body <bold> <h1> <scripts'))).toBe(false);
    expect(isMarkupPolyglot(bytes(PNG, 'fim<html'))).toBe(true);
  });

  it.each(['<html><body>', '<!DOCTYPE html>', '<script>alert(1)</script>', '<IFRAME src=x>', '<meta http-equiv="refresh" content="0">', '<body onload=x>'])(
    'refuses a PDF that is also a page: %s',
    (markup) => {
      const DOCUMENTS = ['application/pdf', ...IMAGES];
      expect(judgeUpload(bytes(PDF_HEAD, `1 0 obj\n(${markup})\nendobj\n%%EOF`), DOCUMENTS)).toBeNull();
      // anywhere in the file, not only in its first kilobytes: a page is read whole
      expect(isHtmlPolyglot(bytes(PDF_HEAD, `${'x'.repeat(200_000)}${markup}`))).toBe(true);
    },
  );

  it("accepts a PDF whose metadata is XML, whose link says javascript:, or whose text names tags (the file's own words)", () => {
    const xmp = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><?xml version="1.0"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:title>Extrato</dc:title></rdf:RDF></x:xmpmeta>';
    const link = '<< /S /URI /URI (javascript:void(0)) >>';
    const words = '(html script body <bold> <h1> <scripts <htmlx <metadata>)';
    for (const text of [xmp, link, words]) expect(judgeUpload(bytes(PDF_HEAD, text), ['application/pdf'])).toBe('application/pdf');
  });

  it('refuses types the kind does not accept and unknown bytes', () => {
    expect(judgeUpload(new TextEncoder().encode('%PDF-1.4'), IMAGES)).toBeNull();
    expect(judgeUpload(new TextEncoder().encode('<html>'), ['application/pdf', ...IMAGES])).toBeNull();
  });
});

describe('file answer headers', () => {
  it('opens only pictures inline; everything else is an attachment', () => {
    expect(contentDisposition('image/png', 'foto.png')).toMatch(/^inline; /);
    expect(contentDisposition('application/pdf', 'contrato.pdf')).toMatch(/^attachment; /);
    expect(contentDisposition('text/html', 'pagina.html')).toMatch(/^attachment; /);
    expect(contentDisposition('image/svg+xml', 'desenho.svg')).toMatch(/^attachment; /);
  });

  it('names the file safely: UTF-8 encoded, and an ASCII fallback without quotes or backslashes', () => {
    const header = contentDisposition('application/pdf', 'relatório "final"\\.pdf');
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('relatório "final"\\.pdf')}`);
    expect(header).toContain('filename="relat_rio _final__.pdf"');
  });

  it('carries type, length, no caching and nosniff', () => {
    expect(fileAnswerHeaders({ mime: 'application/pdf', name: 'a.pdf', size: 12 })).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '12',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('file keys', () => {
  it('are 128 random bits, URL-safe, never repeating', () => {
    const keys = Array.from({ length: 1000 }, generateFileKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
