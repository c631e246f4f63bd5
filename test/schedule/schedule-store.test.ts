import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonScheduleStore } from '../../src/schedule/schedule-store';
import { entry } from './entry';
import { tempDir } from '../helpers/temp-dir';

describe('JsonScheduleStore', () => {
  it('keeps schedules in <dataDir>/schedules.json across instances, with no temp file left', async () => {
    const dir = tempDir('sched-store-');
    const a = JsonScheduleStore.inDataDir(dir);
    await a.put(entry('shop', { crawlArgs: ['--max-pages', '5'] }));
    await a.put(entry('news', { cron: '30 2 * * *' }));
    await a.put(entry('shop', { cron: '0 * * * *' })); // replaces
    const b = JsonScheduleStore.inDataDir(dir);
    expect((await b.list()).map((e) => [e.task, e.cron])).toEqual([['news', '30 2 * * *'], ['shop', '0 * * * *']]);
    await b.recordRun('news', { startedAt: new Date('2026-01-02T02:30:00Z'), ok: false, exitCode: 1 });
    expect(await a.get('news')).toMatchObject({ lastRunAt: '2026-01-02T02:30:00.000Z', lastRunStatus: 'failed', lastExitCode: 1 });
    expect(await a.remove('shop')).toBe(true);
    expect(await a.remove('shop')).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['schedules.json']);
    expect(JSON.parse(readFileSync(join(dir, 'schedules.json'), 'utf8')).schedules).toHaveLength(1);
  });

  it('loses no update when several writers change the file at once', async () => {
    const dir = tempDir('sched-store-');
    const stores = [0, 1, 2].map(() => JsonScheduleStore.inDataDir(dir));
    await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % 3]!.put(entry(`t${i}`))));
    expect((await stores[0]!.list()).map((e) => e.task).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `t${i}`).sort());
  });

  it('names the file when it is damaged', async () => {
    const dir = tempDir('sched-store-');
    writeFileSync(join(dir, 'schedules.json'), '{ not json');
    await expect(JsonScheduleStore.inDataDir(dir).list()).rejects.toThrow(/schedules\.json is not valid JSON/);
  });
});
