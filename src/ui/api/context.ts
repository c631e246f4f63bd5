import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Repository } from '../../../storage/repository';
import type { ScheduleStore } from '../../schedule/schedule-store';
import type { CrawlLauncher } from '../crawl-launcher';

/** What every API handler gets. */
export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Captured path parts of the route. */
  params: string[];
  /** Opened once, read-only: every view reads through it (the CLI's query path). */
  repo: Repository;
  /** Opens a writable repository for one change (task pause/resume/stop), closed after. */
  openWritable(): Promise<Repository>;
  dataDir: string;
  schedules: ScheduleStore;
  launcher: CrawlLauncher;
  /** The parsed JSON body of a POST ({} when empty). */
  body(): Promise<Record<string, unknown>>;
}

/** An answer with a status other than 200, carrying a one-line message for the page. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
