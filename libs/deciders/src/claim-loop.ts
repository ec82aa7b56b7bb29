/**
 * The loop of a worker that claims jobs from the log (DESIGN §3): it looks for claimable jobs (queued,
 * or whose lease ran out), tries to claim each (an append at the expected revision: of two workers
 * only one wins), and runs what it won, at most `concurrency` at once. It looks again every `pollMs`,
 * or at once when woken (a job was just requested in this process).
 */
export interface ClaimLoopOptions<Claim> {
  name: string;
  concurrency: number;
  pollMs: number;
  /** Ids that may be claimable now, oldest first (from a read model: it may lag, claims decide). */
  findCandidates(limit: number): Promise<string[]>;
  /** Claims the job; undefined when another worker holds it or it is finished. */
  claim(id: string): Promise<Claim | undefined>;
  /** Does the work; `signal` aborts when the loop stops. Errors are logged, never thrown out of the loop. */
  run(claim: Claim, signal: AbortSignal): Promise<void>;
  logger: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export class ClaimLoop<Claim> {
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private wakeUp: (() => void) | undefined;
  private woken = false;
  /** Ids just requested in this process: tried before the read model, which may not show them yet. */
  private readonly hints: string[] = [];
  private loop: Promise<void> | undefined;

  constructor(private readonly options: ClaimLoopOptions<Claim>) {}

  start(): void {
    this.loop ??= this.spin();
  }

  /**
   * Look for work now rather than at the next poll. `hint`: the id of a job just requested here, tried
   * first (a claim decides on the log, so a hint that is not claimable costs one read and nothing else).
   */
  wake(hint?: string): void {
    if (hint !== undefined && !this.hints.includes(hint)) this.hints.push(hint);
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming, aborts the runs in flight and waits for them to settle. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake();
    await this.loop;
    await Promise.allSettled(this.running.values());
  }

  get inFlight(): number {
    return this.running.size;
  }

  private async spin(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      this.woken = false;
      try {
        await this.fill(signal);
      } catch (error) {
        this.options.logger.warn({ err: error, worker: this.options.name }, 'looking for jobs failed; trying again at the next poll');
      }
      if (signal.aborted) break;
      if (!this.woken) await this.sleep();
    }
  }

  private async fill(signal: AbortSignal): Promise<void> {
    const hinted = this.hints.splice(0);
    for (const id of hinted) {
      if (!(await this.claimAndRun(id, signal))) return;
    }
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return;
    const candidates = (await this.options.findCandidates(free + this.running.size)).filter((id) => !hinted.includes(id));
    for (const id of candidates) {
      if (!(await this.claimAndRun(id, signal))) return;
    }
  }

  /** Claims `id` and starts its run if there is room; false once there is no more room (or the loop stops). */
  private async claimAndRun(id: string, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted || this.running.size >= this.options.concurrency) return false;
    if (this.running.has(id)) return true;
    const claim = await this.options.claim(id);
    if (claim === undefined) return true;
    const run = this.options
      .run(claim, signal)
      .catch((error: unknown) => this.options.logger.error({ err: error, worker: this.options.name, jobId: id }, 'job run failed'))
      .finally(() => {
        this.running.delete(id);
        this.wake();
      });
    this.running.set(id, run);
    return true;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wakeUp = done;
    });
  }
}
