// @ts-check
import { flush, unmarkFinished } from './host-channel.js';

/**
 * Runs inside isolates are taken round-robin across backends: messages that arrive while a run is
 * going on are queued per backend and each backend gets one run in turn, so a backend with many
 * invocations in flight delays another by one run, not by all of its queue. Within a backend the
 * order is kept (a store result or an `end` always follows its invocation). A turn of the event
 * loop takes whole rounds while they fit in TURN_BUDGET_MS (at least one round), so a message
 * that arrives meanwhile waits for that budget plus one run per busy backend; short runs share a
 * turn, and their messages to the host one write.
 */
const TURN_BUDGET_MS = 2;
/** @type {Map<string, Array<() => void>>} */
const runQueues = new Map();
/** @type {string[]} */
const readyBackends = [];
let drainScheduled = false;

/** @param {string} backendId @param {() => void} run */
export function enqueue(backendId, run) {
  let queue = runQueues.get(backendId);
  if (!queue) {
    queue = [];
    runQueues.set(backendId, queue);
    readyBackends.push(backendId);
  }
  queue.push(run);
  if (!drainScheduled) {
    drainScheduled = true;
    setImmediate(drain);
  }
}

/** Takes the next backend's next run off the queues and runs it. */
function runNext() {
  const backendId = readyBackends.shift();
  if (backendId === undefined) return;
  const queue = /** @type {Array<() => void>} */ (runQueues.get(backendId));
  const run = /** @type {() => void} */ (queue.shift());
  if (queue.length > 0) readyBackends.push(backendId);
  else runQueues.delete(backendId);
  run();
}

function drain() {
  drainScheduled = false;
  const started = performance.now();
  do {
    // One round: each backend ready now gets one run.
    for (let round = readyBackends.length; round > 0; round--) runNext();
  } while (readyBackends.length > 0 && performance.now() - started < TURN_BUDGET_MS);
  unmarkFinished();
  // The turn's messages go now: a setImmediate queued from inside this immediate would only run in
  // the next turn of the event loop, a poll and a loop later, on every hop back to the host.
  flush();
  // Messages that arrived meanwhile are queued before the next turn.
  if (readyBackends.length > 0 && !drainScheduled) {
    drainScheduled = true;
    setImmediate(drain);
  }
}
