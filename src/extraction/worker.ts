import { parentPort } from 'node:worker_threads';
import { extractDocument, extractHtml } from '../../extractors/index';
import { parseHtml } from '../../extractors/parse';
import type { ExtractJob, ExtractReply } from './messages';
import { getHeapStatistics } from 'node:v8';

/** The heap in use, for the pool's recycling (process.memoryUsage() also reads the RSS from /proc: a syscall per page). */
const heapUsed = () => getHeapStatistics().used_heap_size;

parentPort!.on('message', (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    const opts = { kind: job.kind, xhr: job.xhr, now: new Date(job.now) };
    if (job.links) {
      // Links come from the document already parsed for extraction: nearly free here, and
      // the crawler's main thread never parses HTML. Read before extraction (Readability mutates).
      const doc = parseHtml(job.html, job.url);
      const hrefs = Array.from(doc.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');
      const result = extractDocument(doc, job.url, opts);
      reply = { id: job.id, ok: true, result, hrefs, heapUsed: heapUsed() };
    } else {
      const result = extractHtml(job.html, job.url, opts);
      reply = { id: job.id, ok: true, result, heapUsed: heapUsed() };
    }
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err), heapUsed: heapUsed() };
  }
  parentPort!.postMessage(reply);
});
