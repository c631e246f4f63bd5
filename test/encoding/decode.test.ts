import { describe, it, expect } from 'vitest';
import iconv from 'iconv-lite';
import { decodeHtml, repairLatin1Mojibake } from '../../src/encoding/decode';

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

  // What a browser-like tool does when it reads bytes as "Latin-1" (WHATWG windows-1252:
  // 0x80–0x9F give € ‚ ƒ „ … ‘ ’ “ ” Ž …, the five undefined bytes give C1 controls) or as
  // ISO-8859-15, and then saves the text as UTF-8. (Node's own TextDecoder reads windows-1252
  // as plain Latin-1, so it cannot stand in for such a tool.)
  const misread = (bytes: Uint8Array, as: 'windows-1252' | 'iso-8859-15') =>
    Buffer.from(
      Array.from(bytes, (b) => {
        const ch = iconv.decode(Buffer.from([b]), as);
        return ch === '\ufffd' ? String.fromCharCode(b) : ch;
      }).join(''),
      'utf8',
    );

  it('recovers UTF-8 CJK text that was read as Windows-1252 (€ Ž ‚ œ … in the mojibake)', () => {
    const original = page(zh.repeat(8), '<meta charset="utf-8">');
    const mangled = misread(Buffer.from(original, 'utf8'), 'windows-1252');
    const text = mangled.toString('utf8');
    expect(text).toMatch(/[€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/);
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    expect(decodeHtml(mangled).text).toBe(original);
  });

  it('recovers GBK text with bytes in 0x80–0x9F that was read as Windows-1252', () => {
    const original = page(zhTw.repeat(8), '<meta charset="gbk">');
    const gbk = iconv.encode(original, 'gbk');
    expect(gbk.some((b) => b >= 0x80 && b <= 0x9f)).toBe(true);
    const out = decodeHtml(misread(gbk, 'windows-1252'));
    expect(out.text).toContain('這是繁體中文的商品頁面，價格是新台幣一千二百元');
    expect(out.text).not.toContain('\ufffd');
  });

  it('recovers GBK text that was read as ISO-8859-15 (Ž Œ € where ´ ¼ ¤ would be)', () => {
    const title = '船长被游轮公司认定责任 贴近海岸让同事望家乡';
    const original = page(`<h1>${title}</h1>` + zh.repeat(8), '<meta charset="gbk">');
    const mangled = misread(iconv.encode(original, 'gbk'), 'iso-8859-15');
    expect(mangled.toString('utf8')).toContain('Ž¬³€±»ÓÎÂÖ¹«ËŸÈÏ¶šÔðÈÎ');
    expect(decodeHtml(mangled).text).toContain(title);
  });

  it('recovers text that went through the misreading twice', () => {
    const original = page(zh.repeat(8), '<meta charset="gb2312">');
    const once = misread(iconv.encode(original, 'gbk'), 'iso-8859-15');
    const twice = misread(once, 'windows-1252');
    expect(decodeHtml(twice).text).toContain('华为手机 Mate 60 Pro 价格：￥6,999.00');
  });

  const western = [
    '<p>“Ça coûte 1 299 € à Noël”, dit-elle — l’œuvre du cœur, naïveté, déjà vu… ',
    '„Größe“ und ‚Übersicht‘ für 49,90 € – sagt der Bäcker. Señor Muñoz’s café ™ • ',
    'Œuvres complètes, Š, Ž, š, ž, Ÿ, ‰, † and ‡ in one line, 10 ½ × 3 ¼ ¤. </p>',
  ].join('');

  it('leaves real Western text with “smart quotes”, € and é alone', () => {
    const text = page(western.repeat(20));
    expect(repairLatin1Mojibake(text)).toBeNull();
    expect(decodeHtml(Buffer.from(text, 'utf8')).text).toBe(text);
  });

  it('leaves real Western text alone when declared or read as Windows-1252', () => {
    const text = page(western.repeat(20), '<meta charset="windows-1252">');
    expect(decodeHtml(iconv.encode(text, 'windows-1252')).text).toBe(text);
  });

  it('leaves Western text of only quotes and accented letters in pairs alone', () => {
    // Consecutive non-ASCII characters are the pattern of double-byte text; prose still has ASCII between them.
    const text = page('<p>« Où ça ? » — “Ümlaut” ’é’ « Déjà »… </p>'.repeat(40));
    expect(repairLatin1Mojibake(text)).toBeNull();
  });

  it('leaves real CJK text with “quotes” and … alone', () => {
    const text = page('<p>他说：“华为手机的价格是６９９９元……”这是真的吗？‘是的’。</p>'.repeat(40));
    expect(repairLatin1Mojibake(text)).toBeNull();
    expect(decodeHtml(Buffer.from(text, 'utf8')).text).toBe(text);
  });
});
