import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@backforge/runtime';
import { ConfigError } from '@backforge/config';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, acquireDataDirLock, lockOwnerAlive } from './data-dir-lock.js';

function recordingLogger(): { logger: Logger; warnings: Array<{ fields: unknown; msg: string }> } {
  const warnings: Array<{ fields: unknown; msg: string }> = [];
  const logger = { warn: (fields: unknown, msg: string) => warnings.push({ fields, msg }) } as unknown as Logger;
  return { logger, warnings };
}

/** A pid that certainly names no process any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

function sleeper(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
}

async function processStartOf(pid: number): Promise<string> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

async function bootId(): Promise<string> {
  return (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
}

const here = path.dirname(fileURLToPath(import.meta.url));

describe('data directory lock', () => {
  let dir: string;
  let lockFile: string;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-lock-'));
    lockFile = path.join(dir, DATA_DIR_LOCK_FILE);
  });

  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('holds the pid; a second acquire is refused until release, which removes the file', async () => {
    const lock = await acquireDataDirLock(dir);
    const record = JSON.parse(await fs.readFile(lockFile, 'utf8')) as { pid: number; processStart: string };
    expect(record.pid).toBe(process.pid);
    expect(record.processStart).toBe(await processStartOf(process.pid));

    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    await expect(fs.access(lockFile)).rejects.toThrow();
    const again = await acquireDataDirLock(dir);
    await again.release();
    await again.release(); // idempotent
  });

  it('refuses while another live process holds it, with one line naming the pid and the setting', async () => {
    const holder = sleeper();
    children.push(holder);
    const pid = holder.pid!;
    await fs.writeFile(lockFile, JSON.stringify({ pid, processStart: await processStartOf(pid), bootId: await bootId(), acquiredAt: new Date().toISOString() }));

    const error = await acquireDataDirLock(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataDirLockedError);
    // A ConfigError: runMain prints its message alone, on one line, and exits 1.
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toBe(
      `the data directory ${dir} is in use by another Backforge standalone process (pid ${pid}): stop that process first, or set BACKFORGE_DATA_DIR to another directory`,
    );
    expect((error as DataDirLockedError).holderPid).toBe(pid);
    // The holder's lock is untouched.
    expect((JSON.parse(await fs.readFile(lockFile, 'utf8')) as { pid: number }).pid).toBe(pid);
  });

  it('takes over a lock whose process is gone, saying so', async () => {
    const pid = await deadPid();
    await fs.writeFile(lockFile, JSON.stringify({ pid, processStart: '1', bootId: await bootId(), acquiredAt: new Date().toISOString() }));
    const { logger, warnings } = recordingLogger();
    const lock = await acquireDataDirLock(dir, logger);
    expect((JSON.parse(await fs.readFile(lockFile, 'utf8')) as { pid: number }).pid).toBe(process.pid);
    expect(warnings).toEqual([{ fields: { file: lockFile, ownerPid: pid }, msg: 'data directory lock left by a process that is gone: taking it over' }]);
    await lock.release();
  });

  it('knows a reused pid, another boot, or its own pid from a previous life as stale; unreadable content too', async () => {
    const other = sleeper();
    children.push(other);
    const pid = other.pid!;
    const start = await processStartOf(pid);
    const boot = await bootId();
    expect(lockOwnerAlive({ pid, processStart: start, bootId: boot })).toBe(true);
    expect(lockOwnerAlive({ pid, processStart: null, bootId: null })).toBe(true);
    expect(lockOwnerAlive({ pid, processStart: `${start}1`, bootId: boot })).toBe(false);
    expect(lockOwnerAlive({ pid, processStart: start, bootId: 'another-boot' })).toBe(false);
    expect(lockOwnerAlive({ pid: process.pid, processStart: await processStartOf(process.pid), bootId: boot })).toBe(false);

    await fs.writeFile(lockFile, 'not json');
    const lock = await acquireDataDirLock(dir);
    await lock.release();
  });

  it('of many processes starting at once on one data dir, exactly one gets it', async () => {
    const script = `
      const { acquireDataDirLock } = await import(${JSON.stringify(path.join(here, 'data-dir-lock.ts'))});
      try { await acquireDataDirLock(process.argv[1]); process.stdout.write('got'); setTimeout(() => {}, 600000); }
      catch (e) { process.stdout.write(e.name); process.exit(3); }`;
    const register = path.join(here, 'test-support', 'ts-register.mjs');
    const stalePid = await deadPid();
    await fs.writeFile(lockFile, JSON.stringify({ pid: stalePid, processStart: '1', bootId: await bootId(), acquiredAt: '' }));
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ['--no-node-snapshot', '--import', register, '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
        children.push(child);
        return new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out === 'got' || out === 'DataDirLockedError') resolve(out);
          });
          child.once('exit', () => resolve(out || 'exited'));
        });
      }),
    );
    expect(outcomes.filter((o) => o === 'got')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(3);
  }, 60_000);
});
