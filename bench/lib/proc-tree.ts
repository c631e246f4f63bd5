import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ on Linux (getconf CLK_TCK); 100 on every mainstream kernel. */
const CLK_TCK = 100;
const PAGE_KB = 4;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime of this process alone, in ticks. */
  ticks: number;
  rssKb: number;
  /** Start time: with the pid, identifies a process across pid reuse. */
  start: string;
}

function readStat(pid: number): ProcStat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // comm may hold spaces and parentheses: fields start after the last ')'.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), rssKb: Number(f[21]) * PAGE_KB, start: f[19]! };
  } catch {
    return null; // exited meanwhile
  }
}

function readPssKb(pid: number): number | null {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export interface TreeUsage {
  /** CPU seconds (user + system) of every process seen in the tree. */
  cpuSecs: number;
  /** Highest sum of RSS over the tree at one sample (shared pages counted once per process). */
  peakRssMb: number;
  /** Highest sum of PSS over the tree (shared pages split between sharers): the honest total. */
  peakPssMb: number;
  /** Most processes in the tree at once. */
  peakProcs: number;
  samples: number;
  /** CPU seconds spent between two wall-clock times (ms since epoch), from the sample history. */
  cpuSecsBetween(fromMs: number, toMs: number): number;
}

/**
 * Samples a process and all its descendants (Chromium's renderers included) from /proc:
 * CPU time per process (the last value seen before it exits; at most one interval is lost
 * per process) and summed RSS / PSS peaks.
 */
export class ProcTreeSampler {
  private readonly ticks = new Map<string, number>();
  private peakRssKb = 0;
  private peakPssKb = 0;
  private peakProcs = 0;
  private samples = 0;
  /** [Date.now(), total ticks so far] after each sample. */
  private readonly history: Array<[number, number]> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly rootPid: number,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Takes a last sample (call it just before the root is reaped if you can) and stops. */
  stop(): TreeUsage {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const history = this.history.slice();
    const at = (ms: number) => {
      let v = 0;
      for (const [t, ticks] of history) if (t <= ms) v = ticks;
      return v;
    };
    return {
      cpuSecs: this.totalTicks() / CLK_TCK,
      peakRssMb: this.peakRssKb / 1024,
      peakPssMb: this.peakPssKb / 1024,
      peakProcs: this.peakProcs,
      samples: this.samples,
      cpuSecsBetween: (fromMs, toMs) => (at(toMs) - at(fromMs)) / CLK_TCK,
    };
  }

  private totalTicks(): number {
    let ticks = 0;
    for (const t of this.ticks.values()) ticks += t;
    return ticks;
  }

  sample(): void {
    const all: ProcStat[] = [];
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const s = readStat(pid);
      if (s) all.push(s);
    }
    const children = new Map<number, ProcStat[]>();
    for (const s of all) {
      const list = children.get(s.ppid);
      if (list) list.push(s);
      else children.set(s.ppid, [s]);
    }
    const root = all.find((s) => s.pid === this.rootPid);
    if (!root) return;
    const tree: ProcStat[] = [];
    const stack = [root];
    while (stack.length) {
      const s = stack.pop()!;
      tree.push(s);
      stack.push(...(children.get(s.pid) ?? []));
    }
    let rss = 0;
    let pss = 0;
    for (const s of tree) {
      const key = `${s.pid}:${s.start}`;
      this.ticks.set(key, Math.max(this.ticks.get(key) ?? 0, s.ticks));
      rss += s.rssKb;
      pss += readPssKb(s.pid) ?? s.rssKb;
    }
    this.peakRssKb = Math.max(this.peakRssKb, rss);
    this.peakPssKb = Math.max(this.peakPssKb, pss);
    this.peakProcs = Math.max(this.peakProcs, tree.length);
    this.samples++;
    this.history.push([Date.now(), this.totalTicks()]);
  }
}
