import { StorageInputError } from '../errors';

/** `--sort -salePrice,name` → `{ salePrice: -1, name: 1 }`. */
export function parseSort(text: string | undefined): Record<string, 1 | -1> | undefined {
  if (!text) return undefined;
  const sort: Record<string, 1 | -1> = {};
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const field = part.replace(/^[-+]/, '');
    if (!field || /[\s$]/.test(field)) throw new StorageInputError(`--sort takes field names like price or -price (descending), got "${text}"`);
    sort[field] = part.startsWith('-') ? -1 : 1;
  }
  return sort;
}

export function parseCount(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) throw new StorageInputError(`${name} must be a whole number ≥ 0, got "${text}"`);
  return Number(text);
}

/** `--fields name,salePrice` → the field list (dotted paths allowed: extra.颜色). */
export function parseFields(text: string | undefined): string[] | undefined {
  if (!text) return undefined;
  const fields = text.split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.length || fields.some((f) => f.startsWith('$'))) throw new StorageInputError(`--fields takes field names separated by commas, got "${text}"`);
  return fields;
}

export function parseFormat<T extends string>(text: string, valid: readonly T[]): T {
  if (!(valid as readonly string[]).includes(text)) throw new StorageInputError(`--format must be one of ${valid.join(', ')}, got "${text}"`);
  return text as T;
}

export function projectionOf(fields: string[] | undefined): Record<string, 1> | undefined {
  return fields ? Object.fromEntries(fields.map((f) => [f, 1 as const])) : undefined;
}
