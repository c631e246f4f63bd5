import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment recipe (compose.yaml, Dockerfile) and the hosted CI workflow cannot be run here
 * (no Docker daemon, no MongoDB): they are checked as files. They must parse, name only public
 * images (mongo, redis, node or debian), and the workflow must give the tests a MongoDB and run
 * the README's test command.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const PUBLIC_IMAGE = /^(mongo|redis|node|debian):[\w.-]+$/;

type Service = { image?: string; build?: unknown; command?: string[]; environment?: Record<string, string>; network_mode?: string; deploy?: { replicas?: number } };

describe('the deployment recipe', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

  it('compose.yaml runs MongoDB 7, Redis 7 with its append-only file, a scheduler and workers built from the Dockerfile', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['mongo', 'redis', 'scheduler', 'worker']);
    expect(s.mongo!.image).toBe('mongo:7');
    expect(s.redis!.image).toBe('redis:7');
    expect(s.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    for (const name of ['scheduler', 'worker']) {
      expect(s[name]!.build).toBe('.');
      expect(s[name]!.image).toBeUndefined();
      expect(s[name]!.environment).toMatchObject({ MONGODB_URI: 'mongodb://mongo:27017/crawler', REDIS_URL: 'redis://redis:6379' });
    }
    expect(s.scheduler!.command).toEqual(expect.arrayContaining(['--task', 'demo', '--urls', 'demo', '--schedule']));
    expect(s.worker!.command).toEqual(['worker', '--task', 'demo']);
    expect(s.worker!.deploy!.replicas).toBeGreaterThanOrEqual(1);
    // Every image pulled is public; the crawler's is built from a public base.
    for (const svc of Object.values(s)) if (svc.image) expect(svc.image).toMatch(PUBLIC_IMAGE);
  });

  it('the Dockerfile builds on public Node 20 / Debian images only, with Debian\'s chromium', () => {
    const docker = read('Dockerfile');
    const froms = [...docker.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
    expect(froms.length).toBeGreaterThan(0);
    for (const f of froms) expect(f).toMatch(PUBLIC_IMAGE);
    expect(froms.every((f) => f.startsWith('node:20-bookworm'))).toBe(true);
    expect(docker).toMatch(/apt-get install[^\n]*\bchromium\b/);
    expect(docker).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
  });

  it('the CI workflow runs the README\'s test command on every push with a MongoDB 7 service and MONGODB_URI set', () => {
    const wf = parse(read('.github/workflows/ci.yml')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { services?: Record<string, { image: string }>; env?: Record<string, string>; steps: Array<{ run?: string; uses?: string; with?: Record<string, unknown> }> }>;
    };
    expect(Object.keys(wf.on)).toContain('push');
    const [job] = Object.values(wf.jobs);
    expect(job!.services!.mongo!.image).toBe('mongo:7');
    expect(job!.services!.redis!.image).toBe('redis:7');
    for (const svc of Object.values(job!.services!)) expect(svc.image).toMatch(PUBLIC_IMAGE);
    expect(job!.env!.MONGODB_URI).toMatch(/^mongodb:\/\/127\.0\.0\.1:27017\/\w+$/);
    expect(job!.steps.find((st) => st.uses?.startsWith('actions/setup-node'))!.with!['node-version']).toBe(20);
    // The test command the README gives is the one CI runs.
    const readmeTest = /^\s+(npm run setup && npm test)\s*$/m.exec(read('README.md'))![1];
    expect(job!.steps.map((st) => st.run?.trim())).toContain(readmeTest);
  });
});
