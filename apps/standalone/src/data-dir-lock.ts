import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '@backforge/config';
import type { Logger } from '@backforge/runtime';

/**
 * One standalone process per data directory. The lock is a file, `<dataDir>/standalone.lock`, made
 * visible atomically (written aside, then hard-linked into place, so nobody reads it half written)
 * and holding the owner's pid, the start time of that pid and the boot id. A lock whose owner is
 * gone (no such pid; or the pid now names another process, after a reboot or in a new container) is
 * stale and taken over; a lock whose owner lives refuses the start with one line.
 */
export const DATA_DIR_LOCK_FILE = 'standalone.lock';

interface LockRecord {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot): tells a reused pid from the owner. */
  processStart: string | null;
  bootId: string | null;
  acquiredAt: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
}

/** Another live process holds the data directory. A ConfigError, so runMain prints only the message. */
export class DataDirLockedError extends ConfigError {
  readonly holderPid: number;
  constructor(dataDir: string, holderPid: number) {
    const problem = `${dataDir} is in use by another Backforge standalone process (pid ${holderPid}): stop that process first, or set BACKFORGE_DATA_DIR to another directory`;
    super([{ setting: 'BACKFORGE_DATA_DIR', problem }]);
    this.name = 'DataDirLockedError';
    this.message = `the data directory ${problem}`;
    this.holderPid = holderPid;
  }
}

/** Lock files this process holds: a second start in the same process is refused too. */
const held = new Set<string>();

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id');
}

function ownRecord(): LockRecord {
  return { pid: process.pid, processStart: processStart(process.pid), bootId: bootId(), acquiredAt: new Date().toISOString() };
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return { pid: parsed.pid, processStart: parsed.processStart ?? null, bootId: parsed.bootId ?? null, acquiredAt: String(parsed.acquiredAt ?? '') };
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote `record` is still running. */
export function lockOwnerAlive(record: { pid: number; processStart: string | null; bootId: string | null }): boolean {
  // Our own pid in a lock we do not hold: an earlier incarnation (a restarted container's pid 1).
  if (record.pid === process.pid) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (record.bootId && boot && record.bootId !== boot) return false;
  const start = processStart(record.pid);
  if (record.processStart && start && record.processStart !== start) return false;
  return true;
}

/** Publishes `content` at `file` only if no file is there, never half written. */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fsp.writeFile(aside, content, { mode: 0o644 });
  try {
    await fsp.link(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: an exclusive create is the next best thing.
    try {
      await fsp.writeFile(file, content, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    await fsp.rm(aside, { force: true });
  }
}

/**
 * Removes a stale lock, at most one remover at a time: the remover holds `<lock>.takeover` and
 * removes the lock only if it still holds the stale content, so a live lock that replaced it in the
 * meantime is never removed. Whoever removed it races the others to create theirs: one wins.
 */
async function removeStale(file: string, staleText: string): Promise<void> {
  const guard = `${file}.takeover`;
  if (!(await createExclusive(guard, `${JSON.stringify(ownRecord())}\n`))) {
    const taker = parseRecord(readText(guard) ?? '');
    if (taker && lockOwnerAlive(taker)) await new Promise((r) => setTimeout(r, 20));
    // Its taker died within the few milliseconds of a takeover.
    else await fsp.rm(guard, { force: true });
    return;
  }
  try {
    if (readText(file) === staleText) await fsp.rm(file, { force: true });
  } finally {
    await fsp.rm(guard, { force: true });
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the live owner.
 * The lock is removed by release(), or at process exit; after a SIGKILL it stays and the next
 * start finds its owner gone.
 */
export async function acquireDataDirLock(dataDir: string, logger?: Logger): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  if (held.has(file)) throw new DataDirLockedError(dir, process.pid);
  await fsp.mkdir(dir, { recursive: true });
  const mine = ownRecord();
  const content = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; ; attempt += 1) {
    if (await createExclusive(file, content)) break;
    const text = readText(file);
    const existing = text === null ? undefined : parseRecord(text);
    if (existing && lockOwnerAlive(existing)) throw new DataDirLockedError(dir, existing.pid);
    if (attempt >= 200) throw new Error(`could not take the lock ${file}: other processes keep replacing it`);
    // Gone between our create and our read: simply try again.
    if (text === null) continue;
    logger?.warn({ file, ownerPid: existing?.pid }, 'data directory lock left by a process that is gone: taking it over');
    await removeStale(file, text);
  }
  held.add(file);

  const stillOurs = (): boolean => {
    const record = parseRecord(readText(file) ?? '');
    return record?.pid === mine.pid && record.processStart === mine.processStart;
  };
  const releaseSync = (): void => {
    if (!held.delete(file)) return;
    try {
      if (stillOurs()) fs.rmSync(file, { force: true });
    } catch {
      // Best effort at exit: a leftover lock is detected as stale by the next start.
    }
  };
  process.once('exit', releaseSync);
  return {
    file,
    release: () => {
      process.removeListener('exit', releaseSync);
      releaseSync();
      return Promise.resolve();
    },
  };
}
