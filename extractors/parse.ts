import { JSDOM, VirtualConsole } from 'jsdom';

/** A parsed page; `close()` must be called to release the jsdom window. */
export interface ParsedDocument {
  doc: Document;
  close(): void;
}

const STYLE_RE = /<style\b[^>]*>[\s\S]*?<\/style>|\sstyle\s*=\s*("[^"]*"|'[^']*')/gi;

function build(html: string, url: string): ParsedDocument {
  // Silent console: page scripts never run and CSS errors are the page's problem, not ours.
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole(), contentType: 'text/html' });
  return { doc: dom.window.document, close: () => dom.window.close() };
}

/**
 * Parses HTML into a DOM without running scripts or loading resources.
 * jsdom's CSS parser throws on some real pages; those are retried without styles
 * rather than lost (inline styles rarely matter to extraction).
 */
export function parseHtml(html: string, url: string): ParsedDocument {
  try {
    return build(html, url);
  } catch {
    return build(html.replace(STYLE_RE, ''), url);
  }
}
