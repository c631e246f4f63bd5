import { png, pdf } from '../assets';
import { html, notFound, type Reply } from '../reply';

/**
 * Hostile pages under /trap/: always served, linked from the home page only with `traps: true`.
 * None of them contains an `<a href>`, so they add no edges to the link graph.
 */
export const TRAP_PATHS = ['/trap/slow.html', '/trap/hang.html', '/trap/redirect-a', '/trap/manual.pdf', '/trap/photo.png', '/trap/huge.html', '/trap/error.html', '/trap/blocked.html'];

let hugeCache: string | null = null;
/** About 5 MB of table rows: tests memory limits and body-size caps. */
function hugePage(): string {
  if (hugeCache) return hugeCache;
  const row = (i: number) => `<tr><td>${i}</td><td>归档商品 ${i} 号 示例数据示例数据示例数据</td><td>${(i % 997) + 0.5}</td></tr>\n`;
  const parts: string[] = ['<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>全部商品归档</title></head><body><h1>全部商品归档</h1><table>'];
  let size = parts[0]!.length;
  for (let i = 0; size < 5 * 1024 * 1024; i++) { const r = row(i); parts.push(r); size += Buffer.byteLength(r); }
  parts.push('</table></body></html>');
  hugeCache = parts.join('');
  return hugeCache;
}

export function trapPage(path: string): Reply {
  switch (path) {
    case '/trap/slow.html':
      // The document parses (DOMContentLoaded fires) but two subresources never complete,
      // so the load event never comes: a crawler that waits for "load" hangs here.
      return html('<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>限时秒杀专场</title><script async src="/trap/never.js"></script></head><body><h1>限时秒杀专场</h1><p>活动加载中，请稍候……</p><img src="/trap/never.png" alt=""></body></html>');
    case '/trap/never.js':
    case '/trap/never.png':
      return { status: 200, contentType: path.endsWith('.js') ? 'application/javascript' : 'image/png', body: '', hang: true };
    case '/trap/hang.html':
      // Headers and half a page, then nothing: the response never ends.
      return { status: 200, contentType: 'text/html', charsetHeader: true, body: '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>专题活动</title></head><body><h1>专题活动</h1><p>正在加载', hang: true };
    case '/trap/redirect-a':
      return { status: 302, contentType: 'text/plain', body: '', headers: { location: '/trap/redirect-b' } };
    case '/trap/redirect-b':
      return { status: 301, contentType: 'text/plain', body: '', headers: { location: '/trap/redirect-a' } };
    case '/trap/manual.pdf':
      return { status: 200, contentType: 'application/pdf', body: pdf('Demo product manual'), headers: { 'content-disposition': 'inline; filename="manual.pdf"' } };
    case '/trap/photo.png':
      return { status: 200, contentType: 'image/png', body: png('photo', 256) };
    case '/trap/huge.html':
      return html(hugePage());
    case '/trap/error.html':
      return html('<!DOCTYPE html><html><head><meta charset="utf-8"><title>500 Internal Server Error</title></head><body><h1>服务器内部错误</h1><p>Internal Server Error</p></body></html>', 500);
    case '/trap/blocked.html':
      return html('<!DOCTYPE html><html><head><meta charset="utf-8"><title>访问被拒绝</title></head><body><h1>访问受限</h1><p>您的访问频率过高，已被系统拦截（blocked）。请完成验证后重试。</p></body></html>', 403);
    default:
      return notFound();
  }
}
