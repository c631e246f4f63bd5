import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { taskPrefix } from '../../../dedup/redis-keys';
import { logLine } from '../../../cli/log';
import type { RequestTemplate } from './request-template';
import { writeFileAtomic } from '../../../files/atomic-write';

/** A trusted replay rule, as kept between runs of a task and shared by its workers. */
export interface StoredRule {
  /** The page template (patternOf). */
  key: string;
  rule: RequestTemplate[];
  witnesses: string[];
}

/**
 * Where a task's trusted replay rules live: a file in the task folder (local), or a Redis hash
 * every worker of the task reads (shared). A rule is written when trusted and removed when a
 * re-check refutes it; a fresh (non-resumed) run starts without any.
 */
export interface ReplayRuleStore {
  load(): Promise<StoredRule[]>;
  save(rule: StoredRule): Promise<void>;
  drop(key: string): Promise<void>;
}

/**
 * The task folder's `replay-rules.json` (written whole through a temp file: a crash never leaves
 * half of it). A file that cannot be read whole (edited by hand, a disk fault) is set aside as
 * `replay-rules.json.damaged`, said in one line, and the run goes on with the rules it could
 * read: the others are learned again from rendered pages.
 */
export class FileRuleStore implements ReplayRuleStore {
  constructor(
    private readonly file: string,
    /** A run that is not a resume forgets the previous run's rules. */
    fresh: boolean,
    /** Where a damaged file is told. Default: the crawl's log (stderr). */
    private readonly warn: (message: string) => void = (m) => logLine('warn', m),
  ) {
    if (fresh) rmSync(file, { force: true });
  }

  async load(): Promise<StoredRule[]> {
    return this.read();
  }

  // Read and written synchronously: two saves in flight never write over each other's rule.
  private read(): StoredRule[] {
    if (!existsSync(this.file)) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (err) {
      // Say what failed: bad content, or a file that cannot be read at all (permissions, a folder).
      return this.setAside(err instanceof SyntaxError ? 'it is not valid JSON' : (err as Error).message.split('\n')[0]!, []);
    }
    if (!Array.isArray(parsed)) return this.setAside('it is not a list of rules', []);
    const rules = parsed.filter(isStoredRule);
    return rules.length < parsed.length ? this.setAside(`${parsed.length - rules.length} of its ${parsed.length} rules are malformed`, rules) : rules;
  }

  /** Keeps the damaged file for inspection and goes on with what could be read (written back, so it is told once). */
  private setAside(problem: string, readable: StoredRule[]): StoredRule[] {
    const backup = `${this.file}.damaged`;
    renameSync(this.file, backup);
    if (readable.length) this.write(readable);
    this.warn(`replay: the rules file ${this.file} could not be read (${problem}); kept as ${backup}, ${readable.length ? `${readable.length} readable rules kept, ` : ''}the rest are learned again from rendered pages`);
    return readable;
  }

  async save(rule: StoredRule): Promise<void> {
    const rules = this.read().filter((r) => r.key !== rule.key);
    this.write([...rules, rule]);
  }

  async drop(key: string): Promise<void> {
    const rules = this.read();
    if (rules.some((r) => r.key === key)) this.write(rules.filter((r) => r.key !== key));
  }

  private write(rules: StoredRule[]): void {
    writeFileAtomic(this.file, JSON.stringify(rules, null, 1));
  }
}

/** A Redis hash under the task's prefix (so dropping the task drops it): template key → rule JSON. */
export class RedisRuleStore implements ReplayRuleStore {
  private readonly hash: string;

  constructor(
    private readonly redis: Redis,
    task: string,
  ) {
    this.hash = `${taskPrefix(task)}replay`;
  }

  async load(): Promise<StoredRule[]> {
    const all = await this.redis.hgetall(this.hash);
    const out: StoredRule[] = [];
    for (const v of Object.values(all)) {
      try {
        const r = JSON.parse(v) as unknown;
        if (isStoredRule(r)) out.push(r);
      } catch {
        // skipped: learned again from rendered pages
      }
    }
    return out;
  }

  async save(rule: StoredRule): Promise<void> {
    await this.redis.hset(this.hash, rule.key, JSON.stringify(rule));
  }

  async drop(key: string): Promise<void> {
    await this.redis.hdel(this.hash, key);
  }
}

function isStoredRule(x: unknown): x is StoredRule {
  const r = x as StoredRule;
  return (
    !!r &&
    typeof r.key === 'string' &&
    Array.isArray(r.witnesses) &&
    r.witnesses.every((w) => typeof w === 'string') &&
    Array.isArray(r.rule) &&
    r.rule.length > 0 &&
    r.rule.every((t) => t && typeof t.key === 'string' && Array.isArray(t.parts) && t.parts.every((p) => p && (typeof (p as { text?: unknown }).text === 'string' || typeof (p as { value?: unknown }).value === 'string')))
  );
}
