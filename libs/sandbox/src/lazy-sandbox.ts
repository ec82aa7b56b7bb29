import { Sandbox, type SandboxOptions } from './sandbox.js';

/**
 * A sandbox started on first use (a service that never runs checks never forks workers); a failed
 * start is retried by the next caller, and stop() is safe whether it ever started or not.
 */
export class LazySandbox {
  private started: Promise<Sandbox> | undefined;
  private running: Sandbox | undefined;

  constructor(private readonly options: SandboxOptions = {}) {}

  get(): Promise<Sandbox> {
    this.started ??= Sandbox.start(this.options).then(
      (sandbox) => (this.running = sandbox),
      (error: unknown) => {
        this.started = undefined;
        throw error;
      },
    );
    return this.started;
  }

  /** The sandbox once it has started (no promise to await on every call), else undefined. */
  get current(): Sandbox | undefined {
    return this.running;
  }

  async stop(): Promise<void> {
    const sandbox = await this.started?.catch(() => undefined);
    this.started = undefined;
    this.running = undefined;
    await sandbox?.stop();
  }
}
