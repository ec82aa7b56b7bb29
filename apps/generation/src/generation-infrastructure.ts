import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { createInterpreter, type Interpreter } from '@backforge/generator';
import { SERVICE_CONFIG } from '@backforge/runtime';
import { LazySandbox, type Sandbox } from '@backforge/sandbox';

export type GenerationConfig = ServiceConfig<'generation'>;

/**
 * What a generation run needs besides the log: the interpreter chosen by configuration, the
 * artifact store, and a sandbox for the checks (started on first use: a process that never
 * generates never forks sandbox workers).
 */
@Injectable()
export class GenerationInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  readonly interpreter: Interpreter;
  private readonly sandbox = new LazySandbox({ workers: 1 });

  constructor(@Inject(SERVICE_CONFIG) readonly config: GenerationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
    // The interpreter settings were validated once at boot (libs/config); the generator receives them.
    this.interpreter = createInterpreter(config);
  }

  checksSandbox(): Promise<Sandbox> {
    return this.sandbox.get();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sandbox.stop();
    await this.artifacts.close();
  }
}
