// @ts-check
/**
 * The worker's two ways out (sandbox-worker.js): the IPC channel to the host, written once per turn,
 * and the marker file on fd 3 that names the run inside an isolate, read by the host's watchdog.
 */
import { writeSync } from 'node:fs';

const MARKER_FD = 3;
const MARKER_BYTES = 48;
const markerBuffer = Buffer.alloc(MARKER_BYTES);
let markerBroken = false;
let markerSeq = 0;

/**
 * Messages to the host wait here until the end of the current run turn (`drain` flushes them) or
 * of this turn of the event loop, then go as one IPC write: a write that wakes the host costs more
 * than the JSON in it, and under load several replies and store calls are ready in the same turn.
 * @type {object[]}
 */
let outbox = [];

/** @param {object | unknown[]} message */
export function send(message) {
  outbox.push(message);
  if (outbox.length === 1) setImmediate(flush);
}

export function flush() {
  if (outbox.length === 0) return;
  const batch = outbox;
  outbox = [];
  if (process.connected) process.send?.(batch); // always an array of messages
}

/**
 * The marker names a handler segment that returned normally: it is cleared at the end of the turn
 * (`unmarkFinished`) rather than after each segment, so back-to-back segments cost one write each.
 * What runs between them is the worker's own bookkeeping (microseconds), charged to the one before.
 */
let finishedMarked = false;

export function unmarkFinished() {
  if (finishedMarked) mark(0);
}

/** @param {number} rid @param {number} [budgetMs] */
export function mark(rid, budgetMs = 0) {
  finishedMarked = false;
  if (markerBroken) return;
  try {
    markerBuffer.fill(32);
    markerSeq += 1;
    markerBuffer.write(rid === 0 ? '0' : `${rid} ${markerSeq} ${Math.ceil(budgetMs)}`);
    writeSync(MARKER_FD, markerBuffer, 0, MARKER_BYTES, 0);
  } catch {
    markerBroken = true; // started without the marker pipe (e.g. by hand): attribution only, not safety
  }
}

/** The handler segment named by the marker returned: the marker is cleared at the end of the turn. */
export function markFinished() {
  finishedMarked = true;
}
