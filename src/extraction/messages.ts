import type { CapturedJson, ExtractKind, PageResult } from '../../extractors/types';

export interface ExtractJob {
  id: number;
  html: string;
  url: string;
  kind: ExtractKind;
  xhr: CapturedJson[];
  /** Epoch milliseconds (Dates do not need to survive structured clone this way). */
  now: number;
  /** Also return the page's `<a href>` values (read from the same parsed document). */
  links?: boolean;
}

export type ExtractReply =
  | { id: number; ok: true; result: PageResult; heapUsed: number; hrefs?: string[] }
  | { id: number; ok: false; error: string; heapUsed: number };
