/**
 * Peer: a plain Crawlee CheerioCrawler with its default settings (autoscaled concurrency,
 * session pool, generated headers…); only the page cap is set. Run it from an empty working
 * directory (its ./storage goes there).
 *   tsx bench/peers/crawlee-cheerio.ts --url URL --max-pages N [--seconds S]
 */
import { CheerioCrawler } from 'crawlee';
import { peerArgs, printResult } from './peer-args';

const args = peerArgs();
let pages = 0;
let errors = 0;
const crawler = new CheerioCrawler({
  maxRequestsPerCrawl: args.maxPages,
  async requestHandler({ enqueueLinks }) {
    pages++;
    await enqueueLinks();
  },
  failedRequestHandler() {
    errors++;
  },
});
const timer = setTimeout(() => crawler.stop('bench time limit'), args.seconds * 1000);
await crawler.run([args.url]);
clearTimeout(timer);
printResult({ pages, errors });
