import type { ScheduleEntry } from '../../src/schedule/schedule-store';

/** A stored schedule with test defaults. */
export function entry(task: string, over: Partial<ScheduleEntry> = {}): ScheduleEntry {
  return { task, cron: '0 */6 * * *', timezone: 'UTC', urls: 'demo', crawlArgs: [], createdAt: '2026-01-01T00:00:00.000Z', lastRunAt: null, lastRunStatus: null, lastExitCode: null, ...over };
}
