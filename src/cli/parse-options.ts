import { InvalidArgumentError } from 'commander';
import { checkTaskName } from '../config/task-name';

/** commander argument parsers: one-line errors naming the option's valid values. */
export function positiveInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
      throw new InvalidArgumentError(`${name} must be a whole number ≥ 1, got "${value}"`);
    }
    return Number(value);
  };
}

export function nonNegativeInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0, got "${value}"`);
    return Number(value);
  };
}

export function oneOf<T extends string>(name: string, values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`${name} must be one of ${values.join(', ')}, got "${value}"`);
    }
    return value as T;
  };
}

/** A task name (one rule for the local and the Redis backend, see src/config/task-name.ts). */
export function taskName(value: string): string {
  try {
    return checkTaskName(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

/** The one output-format flag every command uses (`--format`), with its values and default. */
export function formatOption<T extends string>(values: readonly T[], fallback: T): [string, string, (v: string) => T, T] {
  return ['--format <format>', `output: ${values.join(' | ')}`, oneOf('--format', values), fallback];
}
