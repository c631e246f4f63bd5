import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRepository } from '../../storage/open';
import type { Repository } from '../../storage/repository';
import { controlTask, taskStatus } from '../../src/schedule/task-control';
import { watchTaskControl } from '../../src/schedule/watch-task-control';
import { tempDir } from '../helpers/temp-dir';

const open: Repository[] = [];
async function repoIn(dir: string): Promise<Repository> {
  const r = await openRepository({ dataDir: dir, mongodbUri: '', durability: 'none' });
  open.push(r);
  return r;
}
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
});

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('task control through storage', () => {
  it('a crawl watching its task sees pause, resume and stop given from another connection', async () => {
    const dir = tempDir('taskctl-');
    const crawler = await repoIn(dir); // the crawling process's connection
    const cli = await repoIn(dir); // the `task …` command's connection
    const task = await crawler.upsertTask({ name: 'shop', type: 'commerce', startUrls: ['http://127.0.0.1/'] });
    await crawler.registerWorker({ taskId: task.id, hostName: 'box', pid: process.pid });
    const events: string[] = [];
    const watch = watchTaskControl(crawler, 'shop', {
      onPause: () => events.push('pause'),
      onResume: () => events.push('resume'),
      onStop: () => events.push('stop'),
    }, 50);
    try {
      expect((await controlTask(cli, 'shop', 'pause')).message).toMatch(/running → paused \(1 running process will pause/);
      await until(() => events.length === 1);
      expect(watch.paused).toBe(true);
      await controlTask(cli, 'shop', 'resume');
      await until(() => events.length === 2);
      await controlTask(cli, 'shop', 'stop');
      await until(() => events.length === 3);
      expect(events).toEqual(['pause', 'resume', 'stop']);
      expect((await crawler.getTaskByName('shop'))?.status).toBe('stopped');
    } finally {
      watch.stop();
    }
  });

  it('a task paused before the crawl starts watching is reported paused at once', async () => {
    const dir = tempDir('taskctl-');
    const repo = await repoIn(dir);
    await repo.upsertTask({ name: 'news', type: 'news', startUrls: ['http://127.0.0.1/'], status: 'paused' });
    let paused = 0;
    const watch = watchTaskControl(repo, 'news', { onPause: () => paused++ }, 50);
    await until(() => paused === 1);
    watch.stop();
  });

  it('refuses transitions that make no sense, naming what is allowed', async () => {
    const dir = tempDir('taskctl-');
    const repo = await repoIn(dir);
    const t = await repo.upsertTask({ name: 'done', type: 'auto', startUrls: ['http://127.0.0.1/'] });
    await repo.updateTask(t.id, { status: 'finished', endedAt: new Date() });
    await expect(controlTask(repo, 'done', 'pause')).rejects.toThrow('task done is finished; pause applies to a task that is running or pending');
    await expect(controlTask(repo, 'nope', 'stop')).rejects.toThrow('no task named "nope"; known tasks: done');
    await repo.updateTask(t.id, { status: 'stopped' });
    await expect(controlTask(repo, 'done', 'resume')).rejects.toThrow(/no process is crawling it: continue it with `npm start -- --task done --resume`/);
  });

  it('stopping a task nothing is crawling ends it now; status lists workers and counts', async () => {
    const dir = tempDir('taskctl-');
    const repo = await repoIn(dir);
    const t = await repo.upsertTask({ name: 'idle', type: 'commerce', startUrls: ['http://127.0.0.1/'] });
    const w = await repo.registerWorker({ taskId: t.id, hostName: 'box', pid: 4242 });
    await repo.heartbeat(w.id, 'stopped');
    const r = await controlTask(repo, 'idle', 'stop');
    expect(r.liveWorkers).toBe(0);
    expect(r.task.endedAt).toBeInstanceOf(Date);
    const s = await taskStatus(repo, 'idle');
    expect(s.task.status).toBe('stopped');
    expect(s.task.counts.commodities).toBe(0);
    expect(s.workers).toEqual([expect.objectContaining({ host: 'box', pid: 4242, status: 'stopped', alive: false })]);
  });
});

describe('workers that die without a word', () => {
  it('a killed worker (no heartbeat for 35 s) is shown and stored as lost, not running', async () => {
    const dir = tempDir('taskctl-lost-');
    const repo = await repoIn(dir);
    const task = await repo.upsertTask({ name: 'shared', type: 'commerce', startUrls: ['http://127.0.0.1/'] });
    const killed = await repo.registerWorker({ taskId: task.id, hostName: 'box-a', pid: 101 });
    const alive = await repo.registerWorker({ taskId: task.id, hostName: 'box-b', pid: 202 });
    const later = new Date(Date.now() + 60_000);
    // Shown as lost by `task status` as soon as its heartbeat is overdue…
    const shown = await taskStatus(repo, 'shared', later);
    expect(shown.workers.map((w) => [w.pid, w.status, w.alive]).sort()).toEqual([[101, 'lost', false], [202, 'lost', false]]);
    // …and stored as lost by the next heartbeat of a live worker of the task.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(later);
      await repo.heartbeat(alive.id);
    } finally {
      vi.useRealTimers();
    }
    const stored = await repo.find('workers', { taskId: task.id });
    expect(stored.map((w) => [w.pid, w.status]).sort()).toEqual([[101, 'lost'], [202, 'running']]);
    void killed;
  });
});
