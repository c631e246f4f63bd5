// Checkpoints of the embedded store (WAL pages copied into the store file), on a thread of their
// own beside the writer thread (writer-thread.mjs starts it and tells it of each commit). A
// checkpoint copies tens of MB and syncs the store file: on the writer thread it held up the
// next transaction for as long. Here it runs while the writer goes on committing (PASSIVE: it
// takes no write lock); the writer then copies the few frames committed meanwhile itself, so
// that SQLite can start the WAL over (it does so only once every frame is copied).
// Plain JavaScript with no import of ours, so it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { closeSync, openSync, readSync } from 'node:fs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const { file, busyTimeoutMs, everyFrames } = workerData;

const db = new Database(file, { fileMustExist: true });
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
// A checkpoint syncs the WAL before it copies and the store file after (so a power loss never
// finds the WAL started over with pages the file does not hold).
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');
parentPort.postMessage({ type: 'ready' });

// The WAL's size and what a checkpoint copied so far, from the wal-index header in the -shm
// file (https://sqlite.org/walformat.html: mxFrame at byte 16, nBackfill at 96, in the machine's
// byte order, read here as little-endian). Only a hint of when to checkpoint: null when it cannot
// be read (on a big-endian machine the version check fails), and every 16th commit then does.
let shmFd = null;
const header = Buffer.alloc(100);
let commits = 0;
function framesToCopy() {
  try {
    shmFd ??= openSync(`${file}-shm`, 'r');
    if (readSync(shmFd, header, 0, 100, 0) === 100 && header.readUInt32LE(0) === 3007000) {
      const mxFrame = header.readUInt32LE(16);
      const nBackfill = header.readUInt32LE(96);
      return Math.max(0, mxFrame - nBackfill);
    }
  } catch {
    /* below */
  }
  return null;
}

/** Frames the writer thread may copy itself (about two commits' worth): a few ms on its path. */
const CATCH_UP = 2500;

let closing = false;
function check() {
  if (closing) return;
  const waiting = framesToCopy();
  if (waiting === null ? commits % 16 !== 0 : waiting < everyFrames) return;
  // Copies again what was committed while the last pass ran, until little is left.
  for (let pass = 0; pass < 4; pass++) {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      /* another process's checkpoint or a busy store: the next commit tries again */
      return;
    }
    if ((framesToCopy() ?? 0) <= CATCH_UP) break;
  }
  parentPort.postMessage({ type: 'checkpointed' });
}

parentPort.on('message', (msg) => {
  if (msg.type === 'committed') {
    commits++;
    check();
    return;
  }
  if (msg.type === 'close') {
    closing = true;
    db.close();
    if (shmFd !== null) closeSync(shmFd);
    parentPort.close();
  }
});
