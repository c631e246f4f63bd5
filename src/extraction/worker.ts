import { parentPort } from 'node:worker_threads';
import { extractDocument, extractHtml } from '../../extractors/index';
import { parseHtml } from '../../extractors/parse';
import type { ExtractJob, ExtractReply } from './messages';

parentPort!.on('message', (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    const opts = { kind: job.kind, xhr: job.xhr, now: new Date(job.now) };
    if (job.links) {
      // Links come from the document already parsed for extraction: nearly free here, and
      // the crawler's main thread never parses HTML. Read before extraction (Readability mutates).
      const parsed = parseHtml(job.html, job.url);
      try {
        const hrefs = Array.from(parsed.doc.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');
        const result = extractDocument(parsed.doc, job.url, opts);
        reply = { id: job.id, ok: true, result, hrefs, heapUsed: process.memoryUsage().heapUsed };
      } finally {
        parsed.close();
      }
    } else {
      const result = extractHtml(job.html, job.url, opts);
      reply = { id: job.id, ok: true, result, heapUsed: process.memoryUsage().heapUsed };
    }
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err), heapUsed: process.memoryUsage().heapUsed };
  }
  parentPort!.postMessage(reply);
});
