import { runMain, startDistributedService } from '@backforge/runtime';
import { GenerationModule } from './generation.module.js';

// The generation service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('generation', () => startDistributedService('generation', [GenerationModule]));
