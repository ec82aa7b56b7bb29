import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { createInterpreter, type Interpreter } from '@backforge/generator';
import { ChecksPool, SERVICE_CONFIG } from '@backforge/runtime';

export type GenerationConfig = ServiceConfig<'generation'>;

/**
 * What a generation run needs besides the log: the interpreter chosen by configuration, the
 * artifact store, and the pool of checks threads (started on first use: a process that
 * never generates starts no thread and forks no sandbox worker).
 */
@Injectable()
export class GenerationInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  readonly interpreter: Interpreter;
  /** The checks run in worker threads (one per concurrent job), each with its own sandbox, started on first use. */
  readonly checks: ChecksPool;

  constructor(@Inject(SERVICE_CONFIG) readonly config: GenerationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
    this.checks = new ChecksPool(config.jobConcurrency);
    // The interpreter settings were validated once at boot (libs/config); the generator receives them.
    this.interpreter = createInterpreter(config);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checks.close();
    await this.artifacts.close();
  }
}
