import { createWriteStream, type WriteStream } from 'node:fs';
import type { PageResult } from '../../extractors/types';
import { csvLine, UTF8_BOM } from '../../storage/output/csv';
import { cellText } from '../../storage/output/cells';
import type { FileFormat } from './output-file-format';
import { UsageError } from './usage-error';

/** One record of the `-o` file: its table, the page it came from, then its fields. */
type OutputRecord = { table: string; pageUrl: string } & Record<string, unknown>;

/** CSV columns: the table and page first, then every field of the page tables (a table leaves others' empty). */
const CSV_COLUMNS = [
  'table', 'pageUrl', 'name', 'title', 'url', 'price', 'salePrice', 'currency', 'rating', 'reviewCount', 'shopName', 'shopUrl', 'sku', 'brand',
  'availability', 'image', 'goodsCount', 'level', 'path', 'author', 'content', 'date', 'publishedAt', 'language', 'keywords', 'summary', 'text', 'extra',
];

/** The records of one page, in the order the tables are stored, minus those the store refused. */
export function pageRecords(result: PageResult, rejected: ReadonlyArray<{ table: string; url?: string }>): OutputRecord[] {
  const refused = (table: string, url: string | null | undefined) => rejected.some((r) => r.table === table && r.url === (url ?? result.url));
  const out: OutputRecord[] = [];
  const add = (table: string, rec: object) => {
    const url = (rec as { url?: string | null }).url;
    if (!refused(table, url)) out.push({ table, pageUrl: result.url, ...rec });
  };
  for (const c of result.categories) add('categories', c);
  if (result.shop) add('shops', result.shop);
  for (const c of result.commodities) add('commodities', c);
  for (const r of result.reviews) add('reviews', r);
  if (result.news) add('news', { url: result.url, ...result.news });
  return out;
}

/**
 * `--output FILE` of a crawl: every page's records as they are stored, appended as the crawl
 * goes (like `scrapy crawl -o`), as JSON Lines or CSV (UTF-8 with BOM, formula cells defused).
 */
export class CrawlOutput {
  private constructor(private readonly stream: WriteStream, private readonly format: FileFormat, readonly path: string) {}
  records = 0;

  static async open(path: string, format: FileFormat): Promise<CrawlOutput> {
    const stream = createWriteStream(path, { flags: 'w' });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (err) => reject(new UsageError(`cannot write --output ${path}: ${(err as NodeJS.ErrnoException).code ?? err.message}`)));
    });
    const out = new CrawlOutput(stream, format, path);
    if (format === 'csv') stream.write(UTF8_BOM + csvLine(CSV_COLUMNS));
    return out;
  }

  /** Appends one page's records (called after the store accepted them). */
  write(result: PageResult, rejected: ReadonlyArray<{ table: string; url?: string }>): void {
    for (const rec of pageRecords(result, rejected)) {
      this.stream.write(this.format === 'csv' ? csvLine(CSV_COLUMNS.map((c) => cellText(rec[c]))) : `${JSON.stringify(rec)}\n`);
      this.records++;
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
}
