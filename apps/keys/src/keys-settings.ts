import { Inject, Injectable } from '@nestjs/common';
import { parseSecretKey } from '@backforge/auth';
import type { ServiceConfig } from '@backforge/config';
import { SERVICE_CONFIG } from '@backforge/runtime';

export type KeysConfig = ServiceConfig<'keys'>;

/** The keys service's settings, parsed once at boot: a bad AUTH_DIGEST_KEY stops it with a line naming the setting. */
@Injectable()
export class KeysSettings {
  readonly digestKey: Buffer;
  readonly maxActiveKeysPerAgent: number;

  constructor(@Inject(SERVICE_CONFIG) config: Pick<KeysConfig, 'authDigestKey' | 'maxActiveKeysPerAgent'>) {
    this.digestKey = parseSecretKey(config.authDigestKey, 'AUTH_DIGEST_KEY');
    this.maxActiveKeysPerAgent = config.maxActiveKeysPerAgent;
  }
}
