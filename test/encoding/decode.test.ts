import { describe, it, expect } from 'vitest';
import iconv from 'iconv-lite';
import { decodeHtml } from '../../src/encoding/decode';

const zh = '<p>华为手机 Mate 60 Pro 价格：￥6,999.00，店铺好评率98%。这是一段足够长的中文文字，用来检测编码是否正确。</p>';
const zhTw = '<p>這是繁體中文的商品頁面，價格是新台幣一千二百元，歡迎選購我們的產品與服務。</p>';
const ja = '<p>これは日本語の商品ページです。価格は千二百円です。ご購入をお待ちしております。</p>';

function page(body: string, head = ''): string {
  return `<!doctype html><html><head>${head}<title>t</title></head><body>${body}</body></html>`;
}

describe('decodeHtml', () => {
  for (const enc of ['gbk', 'gb2312', 'gb18030']) {
    it(`decodes ${enc} declared in <meta charset>`, () => {
      const bytes = iconv.encode(page(zh, `<meta charset="${enc}">`), enc);
      const out = decodeHtml(bytes);
      expect(out.text).toContain('华为手机 Mate 60 Pro 价格：￥6,999.00');
      expect(out.source).toBe('meta');
    });
  }

  it('decodes GBK declared only in the Content-Type header', () => {
    const out = decodeHtml(iconv.encode(page(zh), 'gbk'), 'text/html; charset=GBK');
    expect(out.text).toContain('店铺好评率98%');
    expect(out.source).toBe('header');
  });

  it('decodes GBK declared in an http-equiv meta', () => {
    const bytes = iconv.encode(page(zh, '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'), 'gbk');
    expect(decodeHtml(bytes).text).toContain('华为手机');
  });

  it('detects undeclared GBK', () => {
    const out = decodeHtml(iconv.encode(page(zh.repeat(3)), 'gbk'));
    expect(out.text).toContain('这是一段足够长的中文文字');
    expect(out.source).toBe('detected');
  });

  it('decodes Big5 declared and undeclared', () => {
    const bytes = iconv.encode(page(zhTw.repeat(3)), 'big5');
    expect(decodeHtml(bytes, 'text/html; charset=big5').text).toContain('這是繁體中文的商品頁面');
    expect(decodeHtml(bytes).text).toContain('這是繁體中文的商品頁面');
  });

  it('decodes Shift_JIS declared and undeclared', () => {
    const bytes = iconv.encode(page(ja.repeat(3)), 'shift_jis');
    expect(decodeHtml(bytes, 'text/html; charset=Shift_JIS').text).toContain('これは日本語の商品ページです');
    expect(decodeHtml(bytes).text).toContain('これは日本語の商品ページです');
  });

  it('trusts valid UTF-8 bytes over a wrong declaration', () => {
    const out = decodeHtml(Buffer.from(page(zh, '<meta charset="gbk">'), 'utf8'));
    expect(out.text).toContain('华为手机');
    expect(out.encoding).toBe('utf-8');
  });

  it('honours a UTF-8 byte-order mark', () => {
    const out = decodeHtml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page(zh), 'utf8')]));
    expect(out.source).toBe('bom');
    expect(out.text).toContain('华为手机');
  });
});

describe('mojibake repair', () => {
  it('recovers GBK text that was read as Latin-1 and saved as UTF-8', () => {
    const original = page(zh.repeat(8), '<meta charset="gbk">');
    const mangled = Buffer.from(iconv.encode(original, 'gbk').toString('latin1'), 'utf8');
    const out = decodeHtml(mangled);
    expect(out.text).toContain('华为手机 Mate 60 Pro');
  });

  it('leaves real Latin-1 text (French, German) alone', () => {
    const text = page('<p>Ça coûte très cher à Noël, sagt der Bäcker. Größe, Übersicht, naïveté. </p>'.repeat(40));
    expect(decodeHtml(Buffer.from(text, 'utf8')).text).toBe(text);
  });
});
