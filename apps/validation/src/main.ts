import { runMain, startDistributedService } from '@backforge/runtime';
import { ValidationModule } from './validation.module.js';

// The validation service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('validation', () => startDistributedService('validation', [ValidationModule]));
