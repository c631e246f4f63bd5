import { extname } from 'node:path';
import { UsageError } from './usage-error';

export type FileFormat = 'csv' | 'jsonl';

const BY_EXTENSION: Record<string, FileFormat> = { '.csv': 'csv', '.jsonl': 'jsonl', '.ndjson': 'jsonl' };

/** The format an output file's name asks for (`.csv`, `.jsonl`, `.ndjson`), else null. */
export function formatOfFile(path: string): FileFormat | null {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? null;
}

/**
 * `--format` when given, else the file's extension: `export news --out news.csv` needs no
 * `--format csv`, as in Scrapy's `-o items.csv`.
 */
export function chooseFileFormat(flag: string, format: string | undefined, out: string | undefined): FileFormat {
  if (format !== undefined) {
    if (format !== 'csv' && format !== 'jsonl') throw new UsageError(`--format must be one of csv, jsonl, got "${format}"`);
    return format;
  }
  const byName = out ? formatOfFile(out) : null;
  if (byName) return byName;
  throw new UsageError(
    out
      ? `cannot tell the format of ${flag} ${out}: name a file ending in .csv or .jsonl, or give --format csv|jsonl`
      : `${flag === '--out' ? 'export' : 'the output'} needs --format csv|jsonl (or ${flag} FILE ending in .csv or .jsonl)`,
  );
}
