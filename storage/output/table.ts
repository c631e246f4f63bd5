import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Cuts text to at most `max` terminal columns (wide CJK characters count 2), ending in "…". */
export function truncateToWidth(text: string, max: number): string {
  if (stringWidth(text) <= max) return text;
  let out = '';
  let w = 0;
  for (const { segment } of segmenter.segment(text)) {
    const sw = stringWidth(segment);
    if (w + sw > max - 1) break;
    out += segment;
    w += sw;
  }
  return `${out}…`;
}

function pad(text: string, width: number, right: boolean): string {
  const gap = ' '.repeat(Math.max(0, width - stringWidth(text)));
  return right ? gap + text : text + gap;
}

export interface TableOptions {
  /** Widest a cell may be, in terminal columns. Default 40. */
  maxCellWidth?: number;
}

/**
 * Renders rows as an aligned text table. Widths are measured with string-width, so Chinese
 * (East Asian wide) characters take two columns and the columns stay aligned. Numbers align right.
 */
export function renderTable(headers: string[], rows: string[][], opts: TableOptions = {}): string {
  const max = opts.maxCellWidth ?? 40;
  const clean = (s: string) => truncateToWidth(s.replace(/[\r\n\t]+/g, ' '), max);
  const cells = rows.map((r) => r.map(clean));
  const heads = headers.map(clean);
  const widths = heads.map((h, i) => Math.max(stringWidth(h), ...cells.map((r) => stringWidth(r[i] ?? ''))));
  const numeric = heads.map((_, i) => cells.length > 0 && cells.every((r) => r[i] === '' || /^-?\d+(\.\d+)?$/.test(r[i]!)));
  const line = (r: string[]) => r.map((c, i) => pad(c, widths[i]!, numeric[i]!)).join('  ').trimEnd();
  return [line(heads), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n') + '\n';
}
