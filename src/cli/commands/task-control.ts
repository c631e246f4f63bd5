import type { Command } from 'commander';
import { formatOption } from '../parse-options';
import { openRepository } from '../../../storage/open';
import type { Repository } from '../../../storage/repository';
import { controlTask, taskStatus, type ControlAction } from '../../schedule/task-control';

async function withRepo<T>(readOnly: boolean, fn: (repo: Repository) => Promise<T>): Promise<T> {
  const repo = await openRepository({ readOnly });
  try {
    return await fn(repo);
  } finally {
    await repo.close();
  }
}

function ago(d: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  return s < 120 ? `${s} s ago` : s < 7200 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}

export function register(program: Command): void {
  const task = program.command('task').description('status, pause, resume or stop a task (running crawls obey within about a second)');
  task
    .command('status')
    .argument('<name>', 'task name')
    .description('status, times, hosts, worker processes and records per table')
    .option(...formatOption(['text', 'json'] as const, 'text'))
    .action(async (name: string, flags: { format: 'text' | 'json' }) => {
      const now = new Date();
      const r = await withRepo(true, (repo) => taskStatus(repo, name, now));
      if (flags.format === 'json') {
        process.stdout.write(JSON.stringify(r) + '\n');
        return;
      }
      const t = r.task;
      const lines = [
        `task ${t.name}: ${t.status} (${t.type})`,
        `  started ${t.startedAt.toISOString()}${t.endedAt ? `, ended ${t.endedAt.toISOString()}` : ''}`,
        `  start URLs: ${t.startUrls.join(', ')}`,
        `  hosts: ${t.hosts.join(', ') || '—'}`,
        `  records: ${Object.entries(t.counts).map(([k, v]) => `${k} ${v}`).join(', ')}`,
        `  worker processes: ${r.workers.length ? '' : '—'}`,
        ...r.workers.map((w) => `    ${w.host}:${w.pid} ${w.status}, heartbeat ${ago(w.lastHeartbeatAt, now)}${w.alive ? '' : w.status === 'stopped' ? '' : ' (not alive)'}`),
      ];
      process.stdout.write(lines.join('\n') + '\n');
    });
  for (const action of ['pause', 'resume', 'stop'] as ControlAction[]) {
    const what = { pause: 'pause a running task (its processes stop taking pages)', resume: 'resume a paused task', stop: 'stop a task; `--task NAME --resume` continues it later' }[action];
    task
      .command(action)
      .argument('<name>', 'task name')
      .description(what)
      .action(async (name: string) => {
        const r = await withRepo(false, (repo) => controlTask(repo, name, action));
        process.stdout.write(`${r.message}\n`);
      });
  }
}
