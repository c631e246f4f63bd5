import type { Command } from 'commander';
import { PAGE_TABLES } from '../../../schemas/index';
import { openRepository } from '../../../storage/open';
import { cellText } from '../../../storage/output/cells';
import { parseFormat } from '../../../storage/output/query-args';
import { renderTable } from '../../../storage/output/table';
import { asUsage } from './query';

const FORMATS = ['table', 'json'] as const;

export function register(program: Command): void {
  program
    .command('tasks')
    .description('List every task with its status, start/end times, hosts and record counts per table.')
    .option('--format <format>', `output: ${FORMATS.join(', ')}`, 'table')
    .action((opts: { format: string }) =>
      asUsage(async () => {
        const format = parseFormat(opts.format, FORMATS);
        const repo = await openRepository({ readOnly: true });
        try {
          const tasks = await repo.listTasks();
          if (format === 'json') {
            process.stdout.write(`${JSON.stringify(tasks, null, 2)}\n`);
            return;
          }
          if (!tasks.length) {
            process.stderr.write(`no tasks stored yet in ${repo.describe()}\n`);
            return;
          }
          const headers = ['name', 'type', 'status', 'startedAt', 'endedAt', 'hosts', ...PAGE_TABLES];
          const rows = tasks.map((t) => [
            t.name, t.type, t.status, cellText(t.startedAt), cellText(t.endedAt), t.hosts.join(', '),
            ...PAGE_TABLES.map((table) => String(t.counts[table])),
          ]);
          process.stdout.write(renderTable(headers, rows));
        } finally {
          await repo.close();
        }
      }),
    );
}
