import { stringify } from 'csv-stringify/sync';

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8 (Chinese shows correctly). */
export const UTF8_BOM = '\uFEFF';

/** One CSV line (RFC 4180 quoting by csv-stringify), CRLF-terminated as spreadsheets expect. */
export function csvLine(cells: string[]): string {
  return stringify([cells], { record_delimiter: 'windows' });
}
