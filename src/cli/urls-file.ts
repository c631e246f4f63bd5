import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error';

/**
 * `--urls-file FILE`: one URL or site alias per line (`-` = standard input); blank lines and
 * lines starting with `#` are skipped. A URL may contain commas here (unlike in `--urls`).
 */
export function readUrlsFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read --urls-file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; give a text file with one URL or site alias per line, or - for standard input`);
  }
  const entries = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (!entries.length) throw new UsageError(`--urls-file ${path} names no URL; give one URL or site alias per line`);
  return entries;
}
