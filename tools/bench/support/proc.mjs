// What the invoke bench reads about processes from Linux /proc: a process tree, its resident
// memory, CPU time and system calls. Not a bench itself (run.mjs runs only *.bench.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resident memory (bytes) of a process and its children (the sandbox workers). */
export function treeRss(pid) {
  const { rows, tree } = processTree(pid, 'pid=,ppid=,rss=');
  return rows.filter(([p]) => tree.has(p)).reduce((n, [, , rss]) => n + rss * 1024, 0);
}

/** A process and its children (the router's sandbox workers). */
export function treePids(pid) {
  return [...processTree(pid, 'pid=,ppid=').tree];
}

/** `ps` rows (pid, ppid, then the other columns asked for) and the pids of `pid`'s tree. */
function processTree(pid, columns) {
  const out = execFileSync('ps', ['-e', '-o', columns], { encoding: 'utf8' });
  const rows = out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of rows) if (tree.has(pp) && !tree.has(p)) (tree.add(p), (grew = true));
  }
  return { rows, tree };
}

/** CPU time (user + system, ms) a process has used; NaN when it cannot be read (gone, or no /proc). */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
  } catch {
    return NaN;
  }
}

/** Read and write system calls a process has made so far ([reads, writes]); NaN when unreadable. */
export function syscallsOf(pid) {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'latin1');
    return [Number(/syscr: (\d+)/.exec(io)?.[1]), Number(/syscw: (\d+)/.exec(io)?.[1])];
  } catch {
    return [NaN, NaN];
  }
}

/**
 * CPU the given processes used while `run` ran, in µs per request it answered, and their read
 * and write system calls per request (on this VM a write that wakes another process is costly).
 */
export async function withCpu(groups, run) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map((pid) => [pid, cpuMsOf(pid), syscallsOf(pid)])]));
  const result = await run();
  result.cpu = {};
  result.syscalls = {};
  for (const [name, pids] of Object.entries(before)) {
    let ms = 0;
    const calls = [0, 0];
    for (const [pid, was, wasCalls] of pids) {
      const now = cpuMsOf(pid);
      if (Number.isFinite(now) && Number.isFinite(was)) ms += now - was;
      const nowCalls = syscallsOf(pid);
      for (const i of [0, 1]) if (Number.isFinite(nowCalls[i]) && Number.isFinite(wasCalls[i])) calls[i] += nowCalls[i] - wasCalls[i];
    }
    result.cpu[name] = (ms * 1000) / Math.max(1, result.requests);
    result.syscalls[name] = calls.map((n) => n / Math.max(1, result.requests));
  }
  return result;
}
