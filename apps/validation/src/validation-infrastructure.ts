import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { SERVICE_CONFIG } from '@backforge/runtime';
import { Sandbox } from '@backforge/sandbox';

export type ValidationConfig = ServiceConfig<'validation'>;

/**
 * What a validation run needs besides the log: the artifact store, and a sandbox for the checks
 * (started on first use: a process that never validates never forks sandbox workers).
 */
@Injectable()
export class ValidationInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  private sandbox: Promise<Sandbox> | undefined;

  constructor(@Inject(SERVICE_CONFIG) readonly config: ValidationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
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
