import { patternOf } from '../render-memory';
import { fillTemplate, literalPrefix, templateOf, type RequestTemplate } from './request-template';
import type { ReplayRuleStore } from './rule-store';

/** A script fetch the browser saw while rendering a page (see PageCapture). */
export interface DataRequest {
  url: string;
  method: string;
  status: number;
  /** Answered with a JSON content type. */
  json: boolean;
}

/** Per page template, what the summary reports. */
export interface ReplayCounts {
  rendered: number;
  replayed: number;
  rechecks: number;
  mismatches: number;
  /** Data requests sent over HTTP for replayed pages (and re-checks). */
  requests: number;
}

export interface ReplayBookOptions {
  /** Rendered pages whose data requests a rule must have predicted exactly before it is used. Default 3. */
  trustAfter?: number;
  /** Every Nth page of a trusted template is rendered anyway and compared. Default 20. */
  checkEvery?: number;
  /** A template sent back to rendering this many times is not replayed again in this run. Default 3. */
  giveUpAfter?: number;
  /** Where a template's trust and its loss are told. */
  log?: (level: 'info' | 'warn', message: string) => void;
  /** Trusted rules kept for --resume and shared with the task's other workers. Default none. */
  store?: ReplayRuleStore | null;
  /** How often the store is read again for rules other workers trusted or refuted, in ms. Default 5000. */
  syncEveryMs?: number;
}

interface TemplateState {
  /** The candidate rule: the page's replayable data requests as templates, sorted by key. */
  rule: RequestTemplate[] | null;
  /** Rendered pages in a row whose requests the rule predicted. */
  matches: number;
  /** Of those, the ones whose replay gave the same records as their render (see trialled). */
  agreed: number;
  /** Literal request paths every matched page's HTML contained: a replayed page must contain them too. */
  witnesses: string[];
  trusted: boolean;
  sinceCheck: number;
  /** Pages replayed since the last re-check that agreed (named if a re-check disagrees). */
  unchecked: string[];
  distrusts: number;
  /** The rule is in the store (written by this process or read from it). */
  shared: boolean;
  counts: ReplayCounts;
}

/**
 * Adaptive mode's memory of how rendered pages fetched their data, per page template (host +
 * URL shape, see patternOf): learns a rule from rendered pages, trusts it after it predicted
 * `trustAfter` pages exactly and their replays gave the records their renders gave, then lets later pages be read over HTTP with their data requests
 * replayed, every `checkEvery`th one rendered anyway to re-check it.
 * Only same-origin GET requests answered 200 with JSON are ever part of a rule.
 */
export class ReplayBook {
  private readonly templates = new Map<string, TemplateState>();
  private readonly trustAfter: number;
  private readonly checkEvery: number;
  private readonly giveUpAfter: number;
  private nextSync = 0;
  /** Rules this process refuted whose removal from the store is still under way (not to be taken back from it). */
  private readonly dropping = new Set<string>();
  private syncing: Promise<void> | null = null;

  constructor(
    /** Filled per template for the summary (CrawlStats.replayByTemplate). */
    private readonly counts: Map<string, ReplayCounts>,
    private readonly opts: ReplayBookOptions = {},
  ) {
    this.trustAfter = opts.trustAfter ?? 3;
    this.checkEvery = opts.checkEvery ?? 20;
    this.giveUpAfter = opts.giveUpAfter ?? 3;
  }

  /**
   * Takes in the rules the store holds (a resumed run's, other workers'): a rule trusted
   * elsewhere is trusted here too, its first page re-checked by a render; a rule of this
   * process that another worker's re-check removed goes back to rendering. Reads the store at
   * most every `syncEveryMs`; a store that cannot be read only loses the shortcut.
   */
  sync(): Promise<void> {
    const store = this.opts.store;
    if (!store || Date.now() < this.nextSync) return Promise.resolve();
    this.nextSync = Date.now() + (this.opts.syncEveryMs ?? 5_000);
    this.syncing ??= store
      .load()
      .then((rules) => this.adopt(rules))
      .catch((err: Error) => this.opts.log?.('warn', `replay: could not read the stored rules (${err.message.split('\n')[0]}); learning from rendered pages only`))
      .finally(() => (this.syncing = null));
    return this.syncing;
  }

  private adopt(rules: Array<{ key: string; rule: RequestTemplate[]; witnesses: string[] }>): void {
    const stored = new Map(rules.map((r) => [r.key, r]));
    for (const [key, t] of this.templates) {
      if (t.trusted && t.shared && !stored.has(key)) {
        t.shared = false;
        this.distrustTemplate(key, `the rule was refuted elsewhere (another worker's re-check)`, false);
      }
    }
    for (const r of rules) {
      if (this.dropping.has(r.key)) continue;
      const t = this.templates.get(r.key) ?? this.add(r.key);
      if (t.trusted || t.distrusts >= this.giveUpAfter) continue;
      Object.assign(t, { rule: r.rule, witnesses: r.witnesses, trusted: true, shared: true, matches: this.trustAfter, agreed: this.trustAfter, unchecked: [] });
      // The first page read with a rule learned elsewhere is rendered and compared.
      t.sinceCheck = this.checkEvery - 1;
      this.opts.log?.('info', `replay: pages like ${r.key} are read over HTTP with their data requests replayed, by the rule trusted earlier in this task (${r.rule.map((x) => x.key).join(', ')})`);
    }
  }

  /** How to read a page: 'replay' (HTTP + its data requests), 'recheck' (render and compare), or null (as adaptive mode would). */
  plan(url: string): 'replay' | 'recheck' | null {
    const t = this.templates.get(patternOf(url));
    if (!t?.trusted) return null;
    if (++t.sinceCheck >= this.checkEvery) {
      t.sinceCheck = 0;
      return 'recheck';
    }
    return 'replay';
  }

  /** The data requests to replay for `url` and the literals its HTML must contain; null when the rule cannot be filled. */
  requestsFor(url: string): { urls: string[]; witnesses: string[] } | null {
    const t = this.templates.get(patternOf(url));
    if (!t?.rule) return null;
    const urls = t.rule.map((tpl) => fillTemplate(tpl, url));
    return urls.every((u): u is string => u !== null) ? { urls, witnesses: t.witnesses } : null;
  }

  /**
   * A rendered page: does the rule predict its data requests? (Learns or re-learns the rule.)
   * Returns 'trial' while the rule is not trusted yet: the caller replays this page too and
   * reports with trialled() whether the records agree (a rule is trusted once it predicted the
   * requests of `trustAfter` rendered pages and their replays gave the same records).
   */
  learn(url: string, html: string, requests: DataRequest[]): 'trial' | null {
    const key = patternOf(url);
    const origin = new URL(url).origin;
    const replayable = [...new Set(requests.filter((r) => r.method === 'GET' && r.status === 200 && r.json && sameOrigin(r.url, origin)).map((r) => r.url))];
    let t = this.templates.get(key);
    if (!t && replayable.length === 0) return null;
    t ??= this.add(key);
    t.counts.rendered++;
    const seen = replayable.map((r) => templateOf(url, r)).filter((x): x is RequestTemplate => x !== null);
    const actual = seen.map((tpl) => fillTemplate(tpl, url)).filter((u): u is string => u !== null).sort();
    const predicted = t.rule?.map((tpl) => fillTemplate(tpl, url)).sort() ?? null;
    if (predicted && actual.length > 0 && predicted.join('\n') === actual.join('\n')) {
      t.matches++;
      t.witnesses = t.witnesses.filter((w) => html.includes(w));
      return !t.trusted && t.distrusts < this.giveUpAfter ? 'trial' : null;
    }
    if (t.trusted) this.distrust(url, `a rendered page's data requests differ from the rule (expected ${(predicted ?? []).join(' ')}; saw ${actual.join(' ') || 'none'})`);
    const rule = [...new Map(seen.map((tpl) => [tpl.key, tpl])).values()].sort((a, b) => a.key.localeCompare(b.key));
    t.rule = rule.length ? rule : null;
    t.matches = rule.length ? 1 : 0;
    t.agreed = 0;
    t.witnesses = rule.map(literalPrefix).filter((w) => w.length >= 5 && html.includes(w));
    return rule.length && t.distrusts < this.giveUpAfter ? 'trial' : null;
  }

  /** The trial of a rule on a rendered page: null when its replay gave the same records (the rule is trusted), else why not. */
  trialled(url: string, requests: number, mismatch: string | null): void {
    const key = patternOf(url);
    const t = this.templates.get(key);
    if (!t?.rule || t.trusted) return;
    t.counts.requests += requests;
    if (mismatch === null) {
      if (++t.agreed < this.trustAfter || t.matches < this.trustAfter) return;
      t.trusted = true;
      t.sinceCheck = 0;
      this.opts.log?.('info', `replay: pages like ${key} are now read over HTTP with their data requests replayed (${t.rule.map((r) => r.key).join(', ')})`);
      this.share(key, t);
      return;
    }
    t.rule = null;
    t.matches = 0;
    t.agreed = 0;
    t.distrusts++;
    const final = t.distrusts >= this.giveUpAfter ? ' (not tried again in this run)' : '';
    this.opts.log?.('warn', `replay: pages like ${key} stay rendered${final}: replaying ${url} gave other records: ${mismatch}`);
  }

  replayed(url: string, requests: number): void {
    const t = this.templates.get(patternOf(url));
    if (!t) return;
    t.counts.replayed++;
    t.counts.requests += requests;
    t.unchecked.push(url);
  }

  /** A re-check's outcome: null when the replayed records equal the rendered ones, else what differed. */
  rechecked(url: string, requests: number, mismatch: string | null): void {
    const t = this.templates.get(patternOf(url));
    if (!t) return;
    t.counts.rechecks++;
    t.counts.requests += requests;
    const unchecked = t.unchecked;
    t.unchecked = [];
    if (mismatch !== null) {
      t.counts.mismatches++;
      // Those pages were stored from the rule the re-check just refuted: say which, so they can be re-crawled.
      const suspect = unchecked.length ? `; ${unchecked.length} pages replayed since the last agreeing re-check may be stale: ${unchecked.slice(0, 5).join(' ')}${unchecked.length > 5 ? ' …' : ''}` : '';
      this.distrust(url, `re-check of ${url}: ${mismatch}${suspect}`);
    }
  }

  /** Back to rendering (the rule is learned afresh from the next rendered pages), and why. */
  distrust(url: string, reason: string): void {
    this.distrustTemplate(patternOf(url), reason, true);
  }

  /** `unshare`: remove the rule from the store too (not when the store already lost it). */
  private distrustTemplate(key: string, reason: string, unshare: boolean): void {
    const t = this.templates.get(key);
    if (!t?.trusted) return;
    if (unshare && this.opts.store) {
      t.shared = false;
      this.dropping.add(key);
      this.opts.store
        .drop(key)
        .catch((err: Error) => this.opts.log?.('warn', `replay: could not remove the refuted rule for ${key} from the store: ${err.message.split('\n')[0]}`))
        .finally(() => this.dropping.delete(key));
    }
    t.trusted = false;
    t.unchecked = [];
    t.rule = null;
    t.matches = 0;
    t.agreed = 0;
    t.distrusts++;
    const final = t.distrusts >= this.giveUpAfter ? ' (not replayed again in this run)' : '';
    this.opts.log?.('warn', `replay: pages like ${key} go back to rendering${final}: ${reason}`);
  }

  /** A newly trusted rule goes to the store (for --resume and the task's other workers). */
  private share(key: string, t: TemplateState): void {
    const store = this.opts.store;
    if (!store || !t.rule) return;
    const rule = t.rule;
    store.save({ key, rule, witnesses: t.witnesses }).then(
      () => {
        if (t.trusted && t.rule === rule) t.shared = true;
      },
      (err: Error) => this.opts.log?.('warn', `replay: could not store the rule for ${key}: ${err.message.split('\n')[0]}`),
    );
  }

  private add(key: string): TemplateState {
    const counts = { rendered: 0, replayed: 0, rechecks: 0, mismatches: 0, requests: 0 };
    this.counts.set(key, counts);
    const t: TemplateState = { rule: null, matches: 0, agreed: 0, witnesses: [], trusted: false, sinceCheck: 0, unchecked: [], distrusts: 0, shared: false, counts };
    this.templates.set(key, t);
    return t;
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
