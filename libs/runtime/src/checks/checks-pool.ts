import { Worker } from 'node:worker_threads';
import type { CheckReport, GeneratedProject } from '@backforge/generator';

const THREAD_URL = new URL('./checks-thread.js', import.meta.url);

interface Job {
  id: number;
  project: GeneratedProject;
  resolve: (report: CheckReport) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
}

type ThreadMessage =
  | { type: 'done'; id: number; report: CheckReport }
  | { type: 'failed'; id: number; error: { name: string; message: string; stack?: string; code?: unknown; transient?: unknown } }
  | { type: 'stopped' };

/** The checks of a project threw (or its thread died): the error as the thread saw it. */
export class ChecksThreadError extends Error {
  readonly code: unknown;
  readonly transient: unknown;
  constructor(error: { name: string; message: string; stack?: string; code?: unknown; transient?: unknown }) {
    super(error.message);
    this.name = error.name;
    this.code = error.code;
    this.transient = error.transient;
    if (error.stack) this.stack = error.stack;
  }
}

/**
 * `runChecks` (type-check, bundle, sandbox load, behaviour and quality checks: hundreds of
 * milliseconds of CPU) in worker threads, so the service's event loop keeps answering messages and
 * renewing leases while a project is checked. `size` threads (JOB_CONCURRENCY), started on first
 * use, each with its own sandbox; more projects than threads wait in order. Same reports and errors
 * as calling runChecks in the process.
 */
export class ChecksPool {
  private readonly threads: Thread[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`ChecksPool size must be a positive integer, got ${size}`);
  }

  run(project: GeneratedProject): Promise<CheckReport> {
    if (this.closed) return Promise.reject(new Error('the checks pool is closed'));
    return new Promise<CheckReport>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, project, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every thread and its sandbox; projects still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the checks pool is closed'));
    await Promise.all(this.threads.splice(0).map((thread) => stopThread(thread)));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = this.threads.find((t) => t.job === undefined);
      if (!thread && this.threads.length < this.size) thread = this.spawn();
      if (!thread) return;
      const job = this.waiting.shift() as Job;
      thread.job = job;
      thread.worker.postMessage({ type: 'run', id: job.id, project: job.project });
    }
  }

  private spawn(): Thread {
    const thread: Thread = { worker: new Worker(THREAD_URL), job: undefined };
    thread.worker.on('message', (message: ThreadMessage) => {
      const job = thread.job;
      if (message.type === 'stopped' || !job || message.id !== job.id) return;
      thread.job = undefined;
      if (message.type === 'done') job.resolve(message.report);
      else job.reject(new ChecksThreadError(message.error));
      this.dispatch();
    });
    const lost = (error: Error): void => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      // The thread died, not the project's checks: an outage, retried after the job's lease.
      thread.job?.reject(new ChecksThreadError({ name: error.name, message: `the checks thread stopped: ${error.message}`, transient: true }));
      thread.job = undefined;
      if (!this.closed) this.dispatch();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    this.threads.push(thread);
    return thread;
  }
}

/** Lets the thread stop its sandbox (bounded), then ends it. */
async function stopThread(thread: Thread): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    thread.worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'stopped') {
        clearTimeout(timer);
        resolve();
      }
    });
    thread.worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  thread.worker.postMessage({ type: 'stop' });
  await stopped;
  thread.job?.reject(new Error('the checks pool is closed'));
  await thread.worker.terminate();
}
