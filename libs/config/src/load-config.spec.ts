import { ConfigError, loadConfig } from './load-config.js';
import { integer, oneOf, optional, port, string, url } from './settings.js';
import { serviceConfigSchemas, standaloneConfigSchema } from './schemas.js';

const schema = {
  port: port('PORT', { default: 8080 }),
  level: oneOf('LOG_LEVEL', ['info', 'debug'] as const, { default: 'info' }),
  db: url('DATABASE_URL', { protocols: ['postgres:'], secret: true }),
  store: oneOf('EVENT_STORE', ['postgres', 'eventstoredb'] as const, { default: 'postgres' }),
  esdb: optional(url('EVENTSTORE_URL', { protocols: ['esdb:'] }), { requiredWhen: { env: 'EVENT_STORE', equals: 'eventstoredb' } }),
  name: string('NAME', { default: (env) => `svc-${env.PORT ?? 'none'}` }),
  retries: integer('RETRIES', { default: 3, min: 0, max: 10 }),
};

describe('loadConfig', () => {
  it('returns a typed, frozen object with defaults applied', () => {
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://u:p@db:5432/x', PORT: '9000' });
    expect(config).toEqual({ port: 9000, level: 'info', db: 'postgres://u:p@db:5432/x', store: 'postgres', esdb: undefined, name: 'svc-9000', retries: 3 });
    expect(Object.isFrozen(config)).toBe(true);
    const port: number = config.port;
    expect(port).toBe(9000);
  });

  it('names a missing setting on one line', () => {
    expect(() => loadConfig(schema, {})).toThrow(new ConfigError([{ setting: 'DATABASE_URL', problem: 'is required but not set' }]));
    try {
      loadConfig(schema, {});
    } catch (error) {
      expect((error as Error).message).toBe('Invalid configuration: DATABASE_URL is required but not set');
      expect((error as ConfigError).setting).toBe('DATABASE_URL');
    }
  });

  it('says what is wrong with a bad value, and lists every bad setting on the same line', () => {
    let message = '';
    try {
      loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'postgres://db/x', LOG_LEVEL: 'loud', RETRIES: '11' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty"); LOG_LEVEL must be one of info, debug (got "loud"); RETRIES must be an integer from 0 to 10 (got "11")',
    );
    expect(message).not.toContain('\n');
  });

  it('never echoes a secret value', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a URL with protocol postgres:$/,
    );
  });

  it('requires a conditional setting only when its condition holds', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://db/x', EVENT_STORE: 'eventstoredb' })).toThrow(
      'Invalid configuration: EVENTSTORE_URL is required when EVENT_STORE=eventstoredb',
    );
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://db/x', EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://es:2113?tls=false' });
    expect(config.esdb).toBe('esdb://es:2113?tls=false');
  });

  it('treats an empty or blank variable as unset', () => {
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://db/x', PORT: '  ' });
    expect(config.port).toBe(8080);
  });
});

describe('service schemas', () => {
  it('gives a distributed service its defaults and requires its database', () => {
    expect(() => loadConfig(serviceConfigSchemas.generation, {})).toThrow('Invalid configuration: DATABASE_URL is required but not set');
    const config = loadConfig(serviceConfigSchemas.generation, { DATABASE_URL: 'postgres://db/x' });
    expect(config).toMatchObject({ port: 8080, natsUrl: 'nats://127.0.0.1:4222', eventStore: 'postgres', artifactStore: 'fs', interpreter: 'rules' });
  });

  it('gives the standalone process an optional database and a data dir that places artifacts', () => {
    // The auth secrets are required here; the standalone process fills them from its data dir before loading.
    const auth = { AUTH_DIGEST_KEY: 'a'.repeat(43), AUTH_SIGNING_KEYS: `k1:${'b'.repeat(43)}` };
    expect(() => loadConfig(standaloneConfigSchema, { BACKFORGE_DATA_DIR: '/var/lib/bf' })).toThrow('AUTH_DIGEST_KEY is required but not set');
    const config = loadConfig(standaloneConfigSchema, { BACKFORGE_DATA_DIR: '/var/lib/bf', ...auth });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/var/lib/bf');
    expect(config.artifactsDir).toBe('/var/lib/bf/artifacts');
  });

  it('requires the S3 settings only for the s3 artifact store', () => {
    expect(() => loadConfig(serviceConfigSchemas.downloads, { DATABASE_URL: 'postgres://db/x', ARTIFACT_STORE: 's3' })).toThrow(
      'Invalid configuration: S3_ENDPOINT is required when ARTIFACT_STORE=s3; S3_ACCESS_KEY is required when ARTIFACT_STORE=s3; S3_SECRET_KEY is required when ARTIFACT_STORE=s3',
    );
  });
});
