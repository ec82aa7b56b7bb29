import type { DynamicModule, Type } from '@nestjs/common';
import { loadConfig, serviceConfigSchemas, type Env, type ServiceKey } from '@backforge/config';
import { createNatsTransport } from '@backforge/messaging';
import { createLogger } from './logger.js';
import { startService, type RunningService, type ServiceShellOptions } from './service-shell.js';

/**
 * One service in its own process (distributed mode): its configuration validated at boot, NATS as
 * the transport, its own PostgreSQL pool and event store.
 */
export async function startDistributedService(
  service: ServiceKey,
  modules: Array<Type | DynamicModule>,
  env: Env = process.env,
  configureApp?: ServiceShellOptions['configureApp'],
): Promise<RunningService> {
  const config = loadConfig(serviceConfigSchemas[service], env);
  const logger = createLogger({ service, level: config.logLevel });
  const transport = createNatsTransport({
    url: config.natsUrl,
    name: `backforge-${service}`,
    drainTimeoutMs: config.shutdownTimeoutMs / 2,
    ...(config.natsNamespace ? { namespace: config.natsNamespace } : {}),
  });
  return startService({ processName: service, config, databaseUrl: config.databaseUrl, modules, transport, logger, ...(configureApp ? { configureApp } : {}) });
}
