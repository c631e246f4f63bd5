import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import { tempDir } from '../helpers/temp-dir';

const root = tempDir('store-folder-');

describe('embedded data folder problems', () => {
  it('names the folder and the reason when it cannot be created', async () => {
    // Tests run as root, where permissions do not stop writes; a file in the way does.
    const blocker = join(root, 'not-a-folder');
    writeFileSync(blocker, 'x');
    await expect(openRepository({ dataDir: join(blocker, 'store'), mongodbUri: '' }))
      .rejects.toThrow(/^data folder .*not-a-folder\/store is not a folder; nothing stored before was lost$/);
  });

  it('opens a folder with nothing stored yet read-only as an empty store', async () => {
    const repo = await openRepository({ dataDir: join(root, 'empty'), mongodbUri: '', readOnly: true });
    expect(await repo.count('commodities')).toBe(0);
    expect(await repo.listTasks()).toEqual([]);
    await expect(repo.upsertTask({ name: 'x', type: 'news', startUrls: ['http://n.test/'] })).rejects.toThrow(/opened read-only/);
    await repo.close();
  });

  it('refuses a task record that fails its schema with the field named', async () => {
    const repo = await openRepository({ dataDir: join(root, 'tasks'), mongodbUri: '' });
    await expect(repo.upsertTask({ name: 'bad', type: 'video' as never, startUrls: [] })).rejects.toThrow(/invalid tasks record: type: .*; startUrls: startUrls needs at least one URL/);
    expect(await repo.count('tasks')).toBe(0);
    await repo.close();
  });
});
