#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { commandModules } from './commands/index';
import { UsageError } from './usage-error';
import { ENVIRONMENT } from '../config/config';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));

const program = new Command();
program
  .name('shopnews')
  .usage('[options] [command]   (from a checkout also: npm start -- …)')
  .description('Headless-browser crawler that turns e-commerce and news sites into structured tables.')
  .version(version, '-V, --version', 'print the version')
  .addHelpText(
    'after',
    [
      '',
      'Environment variables:',
      ...ENVIRONMENT.map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`),
      '',
      'Exit codes: 0 done; 1 ran but nothing could be done (no page crawled, a store or network failure);',
      '            2 usage error (bad option or value, unknown command, unusable data folder); 130 stopped by Ctrl-C.',
    ].join('\n'),
  )
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
