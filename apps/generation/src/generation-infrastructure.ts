import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { createInterpreter, type Interpreter } from '@backforge/generator';
import { SERVICE_CONFIG } from '@backforge/runtime';
import { Sandbox } from '@backforge/sandbox';

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
  private sandbox: Promise<Sandbox> | undefined;

  constructor(@Inject(SERVICE_CONFIG) readonly config: GenerationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
    // The interpreter settings were validated once at boot (libs/config); the generator receives them.
    this.interpreter = createInterpreter(config);
  }

  checksSandbox(): Promise<Sandbox> {
    this.sandbox ??= Sandbox.start({ workers: 1 }).catch((error: unknown) => {
      this.sandbox = undefined;
      throw error;
    });
    return this.sandbox;
  }

  async onApplicationShutdown(): Promise<void> {
    const sandbox = await this.sandbox?.catch(() => undefined);
    await sandbox?.stop();
    await this.artifacts.close();
  }
}
