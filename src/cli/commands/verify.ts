import type { Command } from 'commander';
import { EmbeddedRepository } from '../../../storage/embedded/embedded-repository';
import { StorageInputError } from '../../../storage/errors';
import { openRepository } from '../../../storage/open';
import { asUsage } from './query';

export function register(program: Command): void {
  program
    .command('verify')
    .description('Check every page of the embedded store file (SQLite PRAGMA quick_check); a damaged store is one line with the recovery step, exit 2.')
    .action(() =>
      asUsage(async () => {
        const repo = await openRepository({ readOnly: true });
        try {
          if (!(repo instanceof EmbeddedRepository)) throw new StorageInputError(`verify checks the embedded store; this one is ${repo.describe()} (MongoDB: use its own validate command)`);
          const r = await repo.verify();
          process.stdout.write(`store ${repo.path} is sound (quick_check took ${r.ms} ms)\n`);
        } finally {
          await repo.close();
        }
      }),
    );
}
