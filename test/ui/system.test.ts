import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../src/crawler/fetching/browser-path';
import { runCli, tempDataDir } from '../helpers/cli';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { startFixtureSite, type FixtureSite } from './fixture-site';

/**
 * The Workers & Redis page with a real redis-server: a crawl shares its queue and Bloom filter
 * there (REDIS_URL), and the page shows its worker process and the filter's fill and estimated
 * false-positive rate, as `bloom-info` reads them.
 */
const dataDir = tempDataDir();
process.env.CRAWLER_DATA_DIR = dataDir;
let redis: RedisServerHandle;
let fixture: FixtureSite;
let browser: Browser;
let ui: { url: string; close(): Promise<void> };

beforeAll(async () => {
  [redis, fixture] = await Promise.all([startRedisServer(), startFixtureSite()]);
  process.env.REDIS_URL = redis.url; // read once by the config, before the dashboard starts
  const { startUiServer } = await import('../../src/ui/server');
  ui = await startUiServer({ port: 0 });
  browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await fixture?.close();
  await redis?.stop();
});

describe('dashboard: workers and the Redis Bloom filter', () => {
  it('lists the worker with host, pid, status and heartbeat, and the task\'s Bloom filter fill and false-positive rate', async () => {
    const crawl = await runCli(['--task', 'shared', '--urls', `${fixture.url}hostile/`, '--mode', 'http', '--max-pages', '5'], { CRAWLER_DATA_DIR: dataDir, REDIS_URL: redis.url });
    expect(crawl.code, crawl.stderr).toBe(0);
    const info = await runCli(['bloom-info', '--task', 'shared', '--format', 'json'], { CRAWLER_DATA_DIR: dataDir, REDIS_URL: redis.url });
    const bloom = JSON.parse(info.stdout) as { fillRatio: number; currentFp: number; estimatedItems: number };
    expect(bloom.fillRatio).toBeGreaterThan(0);

    const page = await browser.newPage();
    await page.goto(`${ui.url}#/system`);
    const workers = page.getByRole('table', { name: 'workers' });
    const row = workers.locator('tbody tr', { hasText: 'shared' });
    await row.waitFor();
    expect(await row.locator('td[data-label="PID"]').textContent()).toMatch(/^\d+$/);
    expect(await row.locator('td[data-label="Status"]').textContent()).toBe('stopped');
    expect(await row.locator('td[data-label="Heartbeat"]').textContent()).toMatch(/\+\d\d:\d\d \(\d+ s ago\)/);

    expect(await page.textContent('main')).toContain(`Redis: redis://127.0.0.1:${redis.port}`);
    const filter = page.getByRole('table', { name: 'bloom filters' }).locator('tbody tr', { hasText: 'shared' });
    expect(await filter.locator('td[data-label="Fill"]').textContent()).toBe(`${(bloom.fillRatio * 100).toFixed(4)} %`);
    expect(await filter.locator('td[data-label="FP now"]').textContent()).toBe(bloom.currentFp.toExponential(2));
    expect(await filter.locator('td[data-label="Estimated URLs"]').textContent()).toBe(Math.round(bloom.estimatedItems).toLocaleString('en'));
    await page.close();
  });
});
