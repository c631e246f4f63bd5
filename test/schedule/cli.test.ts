import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startCli, tempDataDir } from '../helpers/cli';
import { JsonScheduleStore } from '../../src/schedule/schedule-store';
import { openRepository } from '../../storage/open';
import { startDemoSite } from '../../src/demo-site/server';

describe('schedule / task CLI', () => {
  it('schedule add, list and remove keep schedules in the data folder; bad cron or zone exits 2', async () => {
    const dir = tempDataDir();
    const env = { CRAWLER_DATA_DIR: dir };
    const add = await runCli(['schedule', 'add', 'shop', '--urls', 'demo', '--cron', '0 */6 * * *', '--tz', 'Asia/Shanghai', '--max-pages', '20'], env);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/added shop: "0 \*\/6 \* \* \*" Asia\/Shanghai/);
    const stored = JSON.parse(readFileSync(join(dir, 'schedules.json'), 'utf8')).schedules;
    expect(stored).toEqual([expect.objectContaining({ task: 'shop', urls: 'demo', timezone: 'Asia/Shanghai', crawlArgs: ['--max-pages', '20'] })]);

    const bad = await runCli(['schedule', 'add', 'news', '--urls', 'demo', '--cron', '0 */6 * *'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^error: invalid cron expression "0 \*\/6 \* \*" .*valid: 5 or 6 fields/);

    const list = await runCli(['schedule', 'list', '--format', 'jsonl'], env);
    expect(list.stdout.trim().split('\n').map((l) => JSON.parse(l).task)).toEqual(['shop']);
    expect((await runCli(['schedule', 'remove', 'shop'], env)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'schedules.json'), 'utf8')).schedules).toEqual([]);
  }, 240_000);

  it('task pause / status act on the stored task', async () => {
    const dir = tempDataDir();
    const repo = await openRepository({ dataDir: join(dir, 'store'), mongodbUri: '' });
    await repo.upsertTask({ name: 'shop', type: 'commerce', startUrls: ['http://127.0.0.1/'] });
    await repo.close();
    const env = { CRAWLER_DATA_DIR: dir };
    const pause = await runCli(['task', 'pause', 'shop'], env);
    expect(pause.code).toBe(0);
    expect(pause.stdout).toMatch(/task shop: running → paused/);
    const status = await runCli(['task', 'status', 'shop', '--format', 'json'], env);
    expect(JSON.parse(status.stdout).task).toMatchObject({ name: 'shop', status: 'paused' });
    const unknown = await runCli(['task', 'stop', 'nope'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('error: no task named "nope"; known tasks: shop');
  }, 240_000);

  it('the scheduler runs a missed schedule at start-up as a real crawl, records it, and stops on Ctrl-C', async () => {
    const site = await startDemoSite({ port: 0 });
    try {
      const dir = tempDataDir();
      const store = JsonScheduleStore.inDataDir(dir);
      await store.put({
        task: 'recrawl', cron: '0 3 * * *', timezone: 'UTC', urls: site.url, crawlArgs: ['--max-pages', '3', '--ignore-robots'],
        createdAt: '2026-01-01T00:00:00.000Z', lastRunAt: '2026-01-01T03:00:05.000Z', lastRunStatus: 'ok', lastExitCode: 0,
      });
      const run = startCli(['scheduler', '--reload', '0'], { CRAWLER_DATA_DIR: dir });
      await run.waitForStderr(/was missed; running it now/, 60_000);
      await run.waitForStderr(/schedule recrawl: run (finished|failed)/, 120_000);
      run.child.kill('SIGINT');
      const res = await run.done;
      expect(res.stderr).toMatch(/schedule recrawl: run finished/);
      expect(res.code).toBe(0);
      const e = await store.get('recrawl');
      expect(e).toMatchObject({ lastRunStatus: 'ok', lastExitCode: 0 });
      expect(new Date(e!.lastRunAt!).getTime()).toBeGreaterThan(Date.now() - 300_000);
      const repo = await openRepository({ dataDir: join(dir, 'store'), mongodbUri: '', readOnly: true });
      try {
        const t = await repo.getTaskByName('recrawl');
        expect(t?.status).toBe('finished');
        expect(await repo.count('commodities', { taskId: t!.id })).toBeGreaterThan(0);
      } finally {
        await repo.close();
      }
    } finally {
      await site.close();
    }
  }, 300_000);
});
