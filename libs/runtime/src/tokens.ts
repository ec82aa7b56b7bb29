/** Injection tokens of what the runtime shell gives every service module. */
export const SERVICE_CONFIG = Symbol.for('backforge.serviceConfig');
export const EVENT_STORE = Symbol.for('backforge.eventStore');
export const PG_POOL = Symbol.for('backforge.pgPool');
/** The PostgreSQL connection string of this process (read models open their own TypeORM pool on it). */
export const DATABASE_URL = Symbol.for('backforge.databaseUrl');
export const LOGGER = Symbol.for('backforge.logger');
/** `<hostname>-<pid>`: tells replicas apart in replies and logs. */
export const INSTANCE_ID = Symbol.for('backforge.instanceId');
/** The process name: one of the seven services, or `standalone`. */
export const PROCESS_NAME = Symbol.for('backforge.processName');
