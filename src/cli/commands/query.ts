import type { Command } from 'commander';
import { COLLECTIONS } from '../../../schemas/index';
import { StorageInputError } from '../../../storage/errors';
import { parseFilterJson } from '../../../storage/filter';
import { openRepository, resolveCollection } from '../../../storage/open';
import { csvLine, UTF8_BOM } from '../../../storage/output/csv';
import { allColumns, cellText, getPath, jsonLine, TABLE_COLUMNS } from '../../../storage/output/cells';
import { parseCount, parseFields, parseFormat, parseSort, projectionOf } from '../../../storage/output/query-args';
import { renderTable } from '../../../storage/output/table';
import { showLocalTimes, withLocalCompanions } from '../../../storage/local-time';
import { UsageError } from '../usage-error';

const FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;
/** A table of 100k rows helps no one: without --limit a table shows this many. */
const TABLE_DEFAULT_LIMIT = 50;

interface QueryOpts { sort?: string; limit?: string; skip?: string; fields?: string; format: string }

/** Storage input errors (bad JSON, unknown operator or collection) are usage errors: one line, exit 2. */
export async function asUsage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StorageInputError) throw new UsageError(err.message);
    throw err;
  }
}

export function register(program: Command): void {
  program
    .command('query')
    .description('Print stored records that match a MongoDB filter (embedded store, or MongoDB when MONGODB_URI is set).')
    .argument('<collection>', `one of ${COLLECTIONS.join(', ')}`)
    .argument('[filter-json]', `MongoDB filter, e.g. '{"salePrice": {"$lt": 100}}' or '{"extra.颜色": "红色"}'`)
    .option('--sort <fields>', 'sort by field (ascending) or -field (descending); several separated by commas')
    .option('--limit <n>', `at most n records (table default ${TABLE_DEFAULT_LIMIT})`)
    .option('--skip <n>', 'skip the first n records')
    .option('--fields <a,b>', 'only these fields (dotted paths allowed: extra.颜色)')
    .option('--format <format>', `output: ${FORMATS.join(', ')}`, 'table')
    .addHelpText('after', '\nThe embedded store is read from $CRAWLER_DATA_DIR/store (default ./data/store).')
    .action((collection: string, filterText: string | undefined, opts: QueryOpts) =>
      asUsage(async () => {
        const coll = resolveCollection(collection);
        const filter = parseFilterJson(filterText);
        const format = parseFormat(opts.format, FORMATS);
        const sort = parseSort(opts.sort);
        const fields = parseFields(opts.fields);
        const skip = parseCount('--skip', opts.skip);
        let limit = parseCount('--limit', opts.limit);
        if (limit === undefined && format === 'table') limit = TABLE_DEFAULT_LIMIT;
        const repo = await openRepository({ readOnly: true });
        try {
          const docs = (await repo.find(coll, filter, { sort, limit, skip, projection: withLocalCompanions(coll, projectionOf(fields)) })).map((d) => showLocalTimes(coll, d));
          const out = process.stdout;
          if (format === 'json') out.write(`${JSON.stringify(docs, null, 2)}\n`);
          else if (format === 'jsonl') for (const d of docs) out.write(`${jsonLine(d)}\n`);
          else {
            const cols = fields ?? (format === 'csv' ? allColumns(coll) : TABLE_COLUMNS[coll]);
            const rows = docs.map((d) => cols.map((c) => cellText(getPath(d, c))));
            if (format === 'csv') out.write(UTF8_BOM + csvLine(cols) + rows.map(csvLine).join(''));
            else {
              out.write(renderTable(cols, rows));
              if (opts.limit === undefined && docs.length === limit) {
                const total = await repo.count(coll, filter);
                if (total > docs.length) process.stderr.write(`(${docs.length} of ${total} shown; use --limit or --format jsonl for more)\n`);
              } else if (docs.length === 0) process.stderr.write('(no matching records)\n');
            }
          }
        } finally {
          await repo.close();
        }
      }),
    );
}
