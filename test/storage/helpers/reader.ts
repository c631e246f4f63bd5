/**
 * A child process for the multi-process test: a `query`-like reader of a store others write.
 * Opens it read-only once and counts the task's commodities in a loop, printing `count <n>`
 * each time, until it sees `<target>` (exit 0) or 120 s pass (exit 3). Any error: exit 1.
 * Usage: reader.ts <dataDir> <taskName> <target>
 */
import { openRepository } from '../../../storage/open';

const [dataDir, taskName, targetArg] = process.argv.slice(2);
const target = Number(targetArg);
const repo = await openRepository({ dataDir: dataDir!, mongodbUri: '', readOnly: true });
const task = await repo.getTaskByName(taskName!);
if (!task) throw new Error(`no task ${taskName}`);
const until = Date.now() + 120_000;
let n = 0;
while (Date.now() < until) {
  n = await repo.count('commodities', { taskId: task.id });
  // The same through a query with sort and limit, as `query` runs it.
  await repo.find('commodities', { taskId: task.id, price: { $gte: 100 } }, { sort: { price: -1 }, limit: 5 });
  process.stdout.write(`count ${n}\n`);
  if (n >= target) break;
  await new Promise((r) => setTimeout(r, 5));
}
await repo.close();
process.exit(n >= target ? 0 : 3);
