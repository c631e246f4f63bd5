import { stringify } from 'csv-stringify/sync';

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8 (Chinese shows correctly). */
export const UTF8_BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first), numbers aside. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Crawled text is hostile: a product named `=HYPERLINK(...)` must not become a live formula when
 * the export is opened. Such cells get a leading apostrophe, as OWASP recommends for CSV
 * injection; negative numbers stay numbers.
 */
export function defuseCell(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** One CSV line (RFC 4180 quoting by csv-stringify), CRLF-terminated as spreadsheets expect. */
export function csvLine(cells: string[]): string {
  return stringify([cells.map(defuseCell)], { record_delimiter: 'windows' });
}
