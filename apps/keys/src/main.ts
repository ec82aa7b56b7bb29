import { runMain, startDistributedService } from '@backforge/runtime';
import { KeysModule } from './keys.module.js';

// The keys service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('keys', () => startDistributedService('keys', [KeysModule]));
