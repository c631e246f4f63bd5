import { describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';

describe('MongoDB backend', () => {
  it('fails quickly with a clear message when the server is unreachable', async () => {
    const started = Date.now();
    const err = await openRepository({ mongodbUri: 'mongodb://user:secret@127.0.0.1:1/crawler', serverSelectionTimeoutMS: 1500 }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^cannot use MongoDB at mongodb:\/\/user:\*\*\*@127\.0\.0\.1:1\/crawler: server not reachable within 1500 ms/);
    expect((err as Error).message).not.toContain('secret');
    // No hang: bounded by the selection timeout, not the driver's 30 s default.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
