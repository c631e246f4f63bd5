import { createWriteStream, type WriteStream } from 'node:fs';
import type { Command } from 'commander';
import { COLLECTIONS } from '../../../schemas/index';
import { parseFilterJson } from '../../../storage/filter';
import { openRepository, resolveCollection } from '../../../storage/open';
import { csvLine, UTF8_BOM } from '../../../storage/output/csv';
import { allColumns, cellText, getPath, jsonLine } from '../../../storage/output/cells';
import { parseFields, parseSort, projectionOf } from '../../../storage/output/query-args';
import { chooseFileFormat } from '../output-file-format';
import { asUsage } from './query';
import { showLocalTimes, withLocalCompanions } from '../../../storage/local-time';

const FORMATS = ['csv', 'jsonl'] as const;

interface ExportOpts { format?: string; out?: string; fields?: string; sort?: string }

/** Writes with back-pressure, so a 100k-record export does not pile up in memory. */
function writer(stream: NodeJS.WritableStream) {
  return async (text: string): Promise<void> => {
    if (!stream.write(text)) await new Promise<void>((res) => stream.once('drain', () => res()));
  };
}

export function register(program: Command): void {
  program
    .command('export')
    .description('Write every matching record of a collection as CSV (UTF-8 with BOM, opens in spreadsheets) or JSON Lines.')
    .argument('<collection>', `one of ${COLLECTIONS.join(', ')}`)
    .argument('[filter-json]', 'optional MongoDB filter')
    .option('--format <format>', `${FORMATS.join(' | ')} (default: from --out's extension)`)
    .option('--out <file>', 'write to this file instead of stdout (.csv or .jsonl sets the format)')
    .option('--fields <a,b>', 'only these fields (CSV columns)')
    .option('--sort <fields>', 'field or -field')
    .action((collection: string, filterText: string | undefined, opts: ExportOpts) =>
      asUsage(async () => {
        const coll = resolveCollection(collection);
        const filter = parseFilterJson(filterText);
        const format = chooseFileFormat('--out', opts.format, opts.out);
        const fields = parseFields(opts.fields);
        const sort = parseSort(opts.sort);
        const repo = await openRepository({ readOnly: true });
        let file: WriteStream | null = null;
        try {
          // Validate the filter before creating the output file.
          await repo.count(coll, filter);
          file = opts.out ? createWriteStream(opts.out) : null;
          const write = writer(file ?? process.stdout);
          const cols = fields ?? allColumns(coll);
          if (format === 'csv') await write(UTF8_BOM + csvLine(cols));
          let n = 0;
          for await (const stored of repo.stream(coll, filter, { sort, projection: withLocalCompanions(coll, projectionOf(fields)) })) {
            const d = showLocalTimes(coll, stored);
            await write(format === 'csv' ? csvLine(cols.map((c) => cellText(getPath(d, c)))) : `${jsonLine(d)}\n`);
            n++;
          }
          if (file) {
            const f = file;
            await new Promise<void>((res, rej) => f.end((err?: Error | null) => (err ? rej(err) : res())));
          }
          process.stderr.write(`exported ${n} ${coll} records${opts.out ? ` to ${opts.out}` : ''}\n`);
        } finally {
          await repo.close();
        }
      }),
    );
}
