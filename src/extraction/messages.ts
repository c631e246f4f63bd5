import type { CapturedJson, ExtractKind, PageResult } from '../../extractors/types';

export interface ExtractJob {
  id: number;
  html: string;
  url: string;
  kind: ExtractKind;
  xhr: CapturedJson[];
  /** Epoch milliseconds (Dates do not need to survive structured clone this way). */
  now: number;
}

export type ExtractReply =
  | { id: number; ok: true; result: PageResult; heapUsed: number }
  | { id: number; ok: false; error: string; heapUsed: number };
