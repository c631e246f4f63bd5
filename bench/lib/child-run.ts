import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { ProcTreeSampler, type TreeUsage } from './proc-tree';
import type { RequestLogEntry } from '../../src/demo-site/server';

export type Family = 'http' | 'browser';

/** One crawler run to measure: a command crawling the demo site, bounded in pages and time. */
export interface RunSpec {
  id: string;
  label: string;
  family: Family;
  /** Concurrency asked for; null = the crawler's own autoscaling (Crawlee defaults). */
  concurrency: number | null;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** This many seconds after its second page request the crawler is asked to stop (SIGINT); killed 20 s later. */
  seconds: number;
  /** Where stdout and stderr go. */
  logFile: string;
}

export interface RunMeasure {
  spec: Omit<RunSpec, 'env'>;
  ok: boolean;
  note: string;
  /** Distinct HTML pages served with status 200 during the run, the start page excepted (counted by the demo site). */
  pages: number;
  /** Page requests incl. repeats and errors; `subrequests` = XHR, CSS, images, robots. */
  pageRequests: number;
  subrequests: number;
  /** Second to last page request, as seen by the server: the crawl's steady state, no start-up. */
  windowSecs: number;
  pagesPerSec: number;
  wallSecs: number;
  usage: TreeUsage;
  /** CPU seconds of the tree inside the measuring window (no start-up): per-page cost. */
  windowCpuSecs: number;
  /** CPU the demo site (this process) spent serving the run. */
  siteCpuSecs: number;
  /** The `BENCH_RESULT {…}` line of a peer, or the first summary line of our CLI. */
  selfReport: string;
  exitCode: number | null;
}

const STARTUP_LIMIT_MS = 120_000;
const SUBRESOURCE = /^\/(api\/|img\/|static\/|favicon\.ico|robots\.txt)/;

/** Counts pages in a slice of the demo site's request log. */
export function pageWindow(log: RequestLogEntry[]): { pages: number; pageRequests: number; subrequests: number; windowSecs: number; fromMs: number; toMs: number } {
  const pageEntries = log.filter((e) => !SUBRESOURCE.test(e.path));
  // The start page is every crawler's warm-up (its extraction pipeline, browser tab…): the window
  // opens at the second page request, and the start page is not counted.
  const counted = pageEntries.slice(1);
  const okPages = new Set(counted.filter((e) => e.status === 200).map((e) => e.path));
  const first = counted[0]?.at ?? 0;
  const last = counted[counted.length - 1]?.at ?? 0; // the log is in time order
  return {
    pages: okPages.size,
    pageRequests: pageEntries.length,
    subrequests: log.length - pageEntries.length,
    windowSecs: counted.length > 1 ? Math.max(0.001, (last - first) / 1000) : 0,
    fromMs: first,
    toMs: last,
  };
}

/**
 * Runs one crawler as a child process (its own process group) while sampling its process
 * tree, then reads what the demo site served in the meantime.
 */
export async function measureRun(spec: RunSpec, requestLog: () => RequestLogEntry[]): Promise<RunMeasure> {
  const logStart = requestLog().length;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const out = createWriteStream(spec.logFile);
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    out.write(d);
  });
  child.stderr.on('data', (d: Buffer) => out.write(d));
  const sampler = new ProcTreeSampler(child.pid!);
  sampler.start();
  let note = '';
  let hard: NodeJS.Timeout | null = null;
  const stopAt = (ms: number, why: string) => {
    const soft = setTimeout(() => {
      note = why;
      child.kill('SIGINT');
      hard = setTimeout(() => {
        note = `${why}; killed 20 s later`;
        killGroup(child.pid!);
      }, 20_000);
    }, ms);
    return soft;
  };
  // The time limit counts from the second page request (see pageWindow), so slow start-ups (tsx compiling, a
  // loaded machine) do not eat the measuring window; start-up itself is bounded separately.
  let soft = stopAt(STARTUP_LIMIT_MS, `no page request within ${STARTUP_LIMIT_MS / 1000} s of start`);
  const watch = setInterval(() => {
    const first = requestLog().slice(logStart).filter((e) => !SUBRESOURCE.test(e.path))[1];
    if (!first) return;
    clearInterval(watch);
    clearTimeout(soft);
    soft = stopAt(Math.max(0, first.at + spec.seconds * 1000 - Date.now()), 'stopped at the time limit');
  }, 100);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      note = `could not start: ${err.message}`;
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  clearInterval(watch);
  clearTimeout(soft);
  if (hard) clearTimeout(hard);
  const usage = sampler.stop();
  const wallSecs = (performance.now() - t0) / 1000;
  // Leftovers of the group (a Chromium whose parent died) must not run into the next measurement.
  killGroup(child.pid!);
  await new Promise<void>((r) => out.end(r));
  const siteCpu = process.cpuUsage(cpu0);
  const w = pageWindow(requestLog().slice(logStart));
  const selfReport = /^BENCH_RESULT .*$/m.exec(stdout)?.[0] ?? /^Task .*$/m.exec(stdout)?.[0] ?? '';
  const ok = w.pages > 1;
  if (!ok) note = `${note ? note + '; ' : ''}no pages crawled (exit ${exitCode}); log tail: ${tail(spec.logFile)}`;
  const { env: _env, ...specNoEnv } = spec;
  return {
    spec: specNoEnv,
    ok,
    note,
    ...w,
    pagesPerSec: w.windowSecs > 0 ? w.pages / w.windowSecs : 0,
    wallSecs,
    usage,
    windowCpuSecs: w.windowSecs > 0 ? usage.cpuSecsBetween(w.fromMs, w.toMs) : NaN,
    siteCpuSecs: (siteCpu.user + siteCpu.system) / 1e6,
    selfReport,
    exitCode,
  };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ').slice(0, 400);
  } catch {
    return '(no log)';
  }
}
