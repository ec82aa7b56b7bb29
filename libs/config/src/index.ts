export { loadConfig, ConfigError } from './load-config.js';
export type { ConfigProblem } from './load-config.js';
export { string, integer, port, boolean, oneOf, url, optional } from './settings.js';
export type { Env, Setting, SettingsSchema, ConfigOf, ParseResult } from './settings.js';
export {
  LOG_LEVELS,
  runtimeSettings,
  distributedRuntimeSettings,
  standaloneRuntimeSettings,
  artifactSettings,
  interpreterSettings,
  workerSettings,
  authSettings,
  publicUrlSettings,
  controlRateSettings,
  invokeSettings,
  serviceSettings,
  serviceConfigSchemas,
  standaloneConfigSchema,
} from './schemas.js';
export type {
  LogLevel,
  ServiceKey,
  ServiceSettings,
  ServiceConfig,
  RuntimeConfig,
  DistributedRuntimeConfig,
  StandaloneConfig,
} from './schemas.js';
