/** What a route produces; the server turns it into bytes on the wire. */
export interface Reply {
  status: number;
  /** Content-Type without charset for text bodies; the charset is added per `charsetHeader`. */
  contentType: string;
  body: string | Buffer;
  /** Encode a string body as GBK instead of UTF-8. */
  gbk?: boolean;
  /** Add `; charset=...` to the Content-Type header (false for pages that only declare it in markup or not at all). */
  charsetHeader?: boolean;
  /** Epoch ms; with it the server sends ETag + Last-Modified and answers 304 when they match. */
  lastModified?: number;
  headers?: Record<string, string>;
  /** Never finish the response (hostile trap). */
  hang?: boolean;
}

export const html = (body: string, status = 200, extra: Partial<Reply> = {}): Reply => ({
  status, contentType: 'text/html', body, charsetHeader: true, ...extra,
});

export const notFound = (what = '页面不存在'): Reply =>
  html(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>404 - ${what}</title></head><body><h1>404 Not Found</h1><p>${what}</p><p><a href="/">返回首页</a></p></body></html>`, 404);
