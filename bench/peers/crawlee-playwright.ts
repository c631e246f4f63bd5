/**
 * Peer: a plain Crawlee PlaywrightCrawler with its default settings (autoscaled concurrency,
 * fingerprints, session pool, browser retirement…); only the Chromium path, --no-sandbox and
 * the page cap are set. Run it from an empty working directory (its ./storage goes there).
 *   tsx bench/peers/crawlee-playwright.ts --url URL --max-pages N [--seconds S]
 */
import { PlaywrightCrawler } from 'crawlee';
import { peerArgs, printResult } from './peer-args';

const args = peerArgs();
let pages = 0;
let errors = 0;
const crawler = new PlaywrightCrawler({
  maxRequestsPerCrawl: args.maxPages,
  launchContext: { launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] } },
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
