#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { commandModules } from './commands/index';
import { UsageError } from './usage-error';

const program = new Command();
program
  .name('npm start --')
  .description('Headless-browser crawler that turns e-commerce and news sites into structured tables.')
  .showHelpAfterError(false)
  // The main job's options live on the program itself; subcommands (worker --task …) have their own.
  .enablePositionalOptions()
  .exitOverride();

for (const m of commandModules) m.register(program);

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // commander already printed its message; help/version exit 0, a bad command line is a usage error.
      process.exit(err.exitCode === 0 ? 0 : 2);
    }
    // The data folder or store cannot be used (read-only, full, unreachable): one line, like a usage error.
    if (err instanceof UsageError || (err instanceof Error && err.name === 'StorageUnavailableError')) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

void main();
