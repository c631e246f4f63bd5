import type { Command } from 'commander';
import { startDemoSite } from '../../demo-site/server';
import { UsageError } from '../usage-error';

/** `demo-site`: serve the bundled offline shop + news site until Ctrl-C. */

function intOption(name: string, min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
}

export function register(program: Command): void {
  program
    .command('demo-site')
    .description('Serve the offline demo shop + news site on 127.0.0.1 until Ctrl-C (prints its URL).')
    .option('--port <n>', 'port to listen on (0 = any free port)', intOption('port', 0, 65535), 0)
    .option('--products <n>', 'number of products', intOption('products', 0, 1_000_000), 320)
    .option('--news <n>', 'news articles per language (zh and en)', intOption('news', 0, 100_000), 12)
    .option('--seed <n>', 'seed for the generated content', intOption('seed', 0, 2 ** 32 - 1), 42)
    .option('--traps', 'link the hostile /trap/ pages from the home page', false)
    .action(async (opts: { port: number; products: number; news: number; seed: number; traps: boolean }) => {
      const site = await startDemoSite({ port: opts.port, products: opts.products, newsPerLanguage: opts.news, seed: opts.seed, traps: opts.traps });
      process.stdout.write(`${site.url}\n`);
      process.stderr.write(`demo site: ${site.catalog.products.length} products, ${site.catalog.news.length} articles, seed ${opts.seed}; Ctrl-C to stop\n`);
      await new Promise<void>((resolve) => {
        const stop = () => { void site.close().then(resolve); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
