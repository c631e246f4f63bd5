import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { decodeHtml } from '../../encoding/decode';
import { ExtractPool } from '../../extraction/pool';
import type { ExtractKind } from '../../../extractors/types';
import { UsageError } from '../usage-error';
import { oneOf } from '../parse-options';

const KINDS = ['auto', 'news', 'product', 'listing', 'category'] as const;

interface ExtractFlags {
  url?: string;
  manifest?: string;
  kind: ExtractKind;
}

interface ManifestLine {
  id: string;
  path: string;
  url: string;
}

/**
 * `extract page.html --url URL` and `extract --manifest pages.jsonl`: the same extractors the
 * crawler runs, on saved pages. One JSON line out per page; a page that cannot be read or
 * parsed yields `{"id", "error"}` and the batch goes on.
 */
export function register(program: Command): void {
  program
    .command('extract')
    .description('extract the result object from saved HTML pages (one JSON line each)')
    .argument('[file]', 'an HTML file')
    .option('--url <url>', 'the page URL the file was saved from (links resolve against it)')
    .option('--manifest <file>', 'JSON lines {"id","path","url"}: extract every page listed')
    .option('--kind <kind>', KINDS.join(' | '), oneOf('--kind', KINDS), 'auto')
    .action(async (file: string | undefined, flags: ExtractFlags) => {
      if (!file && !flags.manifest) throw new UsageError('give an HTML file (with --url) or --manifest FILE');
      const pool = new ExtractPool();
      try {
        if (flags.manifest) await extractManifest(pool, flags.manifest, flags.kind);
        else await extractOne(pool, file!, flags);
      } finally {
        await pool.close();
      }
    });
}

async function extractOne(pool: ExtractPool, file: string, flags: ExtractFlags): Promise<void> {
  const url = flags.url ?? `file://${file}`;
  const line = await extractFile(pool, { id: '', path: file, url }, flags.kind);
  if ('error' in line) throw new Error(String(line.error));
  delete line.id;
  process.stdout.write(JSON.stringify(line, null, 2) + '\n');
}

async function extractFile(pool: ExtractPool, item: ManifestLine, kind: ExtractKind): Promise<Record<string, unknown>> {
  try {
    const bytes = await readFile(item.path);
    const { text } = decodeHtml(bytes);
    const result = await pool.extract({ html: text, url: item.url, kind });
    return { id: item.id, ...result };
  } catch (err) {
    return { id: item.id, error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
  }
}

async function extractManifest(pool: ExtractPool, manifest: string, kind: ExtractKind): Promise<void> {
  const lines = createInterface({ input: createReadStream(manifest), crlfDelay: Infinity });
  // Keep a few pages in flight so the pool's threads stay busy; print in input order.
  const window: Array<Promise<Record<string, unknown>>> = [];
  const flush = async (keep: number) => {
    while (window.length > keep) process.stdout.write(JSON.stringify(await window.shift()!) + '\n');
  };
  let n = 0;
  for await (const raw of lines) {
    n++;
    if (!raw.trim()) continue;
    let item: ManifestLine;
    try {
      item = JSON.parse(raw) as ManifestLine;
      if (typeof item.path !== 'string' || typeof item.url !== 'string') throw new Error('needs "path" and "url" strings');
    } catch (err) {
      window.push(Promise.resolve({ id: `line-${n}`, error: `manifest line ${n}: ${err instanceof Error ? err.message : String(err)}` }));
      await flush(8);
      continue;
    }
    window.push(extractFile(pool, { id: String(item.id ?? `line-${n}`), path: item.path, url: item.url }, kind));
    await flush(8);
  }
  await flush(0);
}
