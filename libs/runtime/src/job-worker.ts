import { hostname } from 'node:os';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClaimLoop } from '@backforge/deciders';
import { runWithCorrelation } from '@backforge/messaging';
import type { Logger } from './logger.js';

/** What a service's job worker supplies: where candidates come from, how a job is claimed and run. */
export interface JobWorkerOptions<TClaim extends { correlationId: string }> {
  /** `generation`, `validation`...: names the loop in logs. */
  name: string;
  logger: Logger;
  config: { jobConcurrency: number; jobPollMs: number };
  /** Ids that may be claimable now, oldest first (from the service's read model). */
  findCandidates(limit: number): Promise<string[]>;
  claim(jobId: string, workerId: string): Promise<TClaim | undefined>;
  run(claim: TClaim, signal: AbortSignal): Promise<void>;
}

/**
 * The shape every job-running service shares (DESIGN §3): claims jobs from the log with a
 * ClaimLoop (several replicas share the work, a job runs once at a time, a job whose worker died
 * is taken over when its lease runs out), runs each inside the correlation of its request, starts
 * with the application and stops with it. A service extends it with its candidates, claim and run.
 */
export class JobWorker<TClaim extends { correlationId: string }> implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly loop: ClaimLoop<TClaim>;

  constructor(options: JobWorkerOptions<TClaim>) {
    this.loop = new ClaimLoop<TClaim>({
      name: options.name,
      concurrency: options.config.jobConcurrency,
      pollMs: options.config.jobPollMs,
      logger: options.logger,
      findCandidates: (limit) => options.findCandidates(limit),
      claim: (jobId) => options.claim(jobId, this.workerId),
      run: (claim, signal) => runWithCorrelation(claim.correlationId, () => options.run(claim, signal)),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** A job was just requested here: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }
}
