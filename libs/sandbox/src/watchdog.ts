import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the host reads about a worker process without asking it (a wedged worker cannot answer):
 * the marker it writes before each run inside an isolate, the CPU time of its main thread (where
 * isolates run), and its resident memory. Linux /proc; elsewhere the CPU and memory readings are
 * null and only the wall-time probe guards the worker.
 */

/** Marker directories are named after the host that made them, so a later host can clean up after a crashed one. */
const MARKER_PREFIX = 'backforge-sandbox-';
const MARKER_BYTES = 48;
/** USER_HZ: /proc reports CPU time in these ticks on every Linux platform Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface Marker {
  /** The invocation or load request running inside an isolate (0: none). */
  rid: number;
  /** Changes with every run, so one long run is told apart from two short ones. */
  seq: number;
  /** The CPU time the worker gave that run. */
  budgetMs: number;
}

export interface MarkerFile {
  fd: number;
  dir: string;
}

export function createMarkerFile(): MarkerFile {
  const dir = mkdtempSync(path.join(tmpdir(), `${MARKER_PREFIX}${process.pid}-`));
  return { dir, fd: openSync(path.join(dir, 'marker'), 'w+', 0o600) };
}

export function releaseMarkerFile(marker: MarkerFile): void {
  if (marker.fd < 0) return;
  try {
    closeSync(marker.fd);
  } catch {
    // already closed
  }
  marker.fd = -1;
  rmSync(marker.dir, { recursive: true, force: true });
}

const markerBuffer = Buffer.alloc(MARKER_BYTES);

export function readMarker(marker: MarkerFile): Marker {
  try {
    markerBuffer.fill(32);
    readSync(marker.fd, markerBuffer, 0, MARKER_BYTES, 0);
  } catch {
    return { rid: 0, seq: 0, budgetMs: 0 };
  }
  const [rid, seq, budget] = markerBuffer.toString('latin1').trim().split(/\s+/);
  return { rid: Number.parseInt(rid ?? '', 10) || 0, seq: Number.parseInt(seq ?? '', 10) || 0, budgetMs: Number.parseInt(budget ?? '', 10) || 0 };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes marker directories whose host process is gone (a host that crashed cannot clean up). */
export function removeStaleMarkerDirs(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(MARKER_PREFIX)) continue;
    const pid = Number.parseInt(name.slice(MARKER_PREFIX.length), 10);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** CPU time (user + system) of a process's main thread, in ms; null when it cannot be read. */
export function mainThreadCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
}

/** Resident memory of a process in bytes; null when it cannot be read. */
export function residentBytes(pid: number): number | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'latin1');
  } catch {
    return null;
  }
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}
