import { parentPort } from 'node:worker_threads';
import { extractHtml } from '../../extractors/index';
import type { ExtractJob, ExtractReply } from './messages';

parentPort!.on('message', (job: ExtractJob) => {
  let reply: ExtractReply;
  try {
    const result = extractHtml(job.html, job.url, { kind: job.kind, xhr: job.xhr, now: new Date(job.now) });
    reply = { id: job.id, ok: true, result, heapUsed: process.memoryUsage().heapUsed };
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err), heapUsed: process.memoryUsage().heapUsed };
  }
  parentPort!.postMessage(reply);
});
