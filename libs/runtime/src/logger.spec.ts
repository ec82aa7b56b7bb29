import { Writable } from 'node:stream';
import { runWithCorrelation } from '@backforge/messaging';
import { createLogger, PinoLoggerService, redactUrl } from './logger.js';

function capture(): { lines: Array<Record<string, unknown>>; stream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('writes JSON lines with the level label, the service and the current correlation id', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ service: 'keys', level: 'info', destination: stream });
    runWithCorrelation('corr-1', () => logger.info({ n: 1 }, 'inside'));
    logger.info('outside');
    logger.debug('below the level');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'info', service: 'keys', correlationId: 'corr-1', n: 1, msg: 'inside' });
    expect(typeof lines[0]?.time).toBe('string');
    expect(lines[1]).not.toHaveProperty('correlationId');
  });

  it('never writes credentials: authorization headers, tokens, keys, passwords', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ service: 'gateway', level: 'info', destination: stream });
    logger.info(
      { headers: { authorization: 'Bearer plat_secret', accept: 'json' }, token: 'signed.jwt', req: { headers: { authorization: 'Bearer x' } }, body: { key: 'bfk_raw', password: 'p' } },
      'request',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['plat_secret', 'signed.jwt', 'Bearer x', 'bfk_raw', '"p"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ headers: { authorization: '[REDACTED]', accept: 'json' }, token: '[REDACTED]' });
  });

  it('adapts Nest logger calls, keeping the context and the stack', () => {
    const { lines, stream } = capture();
    const nest = new PinoLoggerService(createLogger({ service: 's', level: 'trace', destination: stream }));
    nest.log('mapped route', 'RouterExplorer');
    nest.error('failed', 'Error: x\n    at f (file.js:1:1)', 'ExceptionHandler');
    nest.warn(new Error('warned'));
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'mapped route', context: 'RouterExplorer' });
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'failed', context: 'ExceptionHandler', stack: 'Error: x\n    at f (file.js:1:1)' });
    expect(lines[2]).toMatchObject({ level: 'warn', msg: 'warned' });
  });
});

describe('redactUrl', () => {
  it('replaces credential query values and keeps the rest', () => {
    expect(redactUrl('/v1/downloads/a1/latest?token=abc.def&x=1')).toBe('/v1/downloads/a1/latest?token=[REDACTED]&x=1');
    expect(redactUrl('/v1/generate/j/stream?x=1&Token=t&api_key=k')).toBe('/v1/generate/j/stream?x=1&Token=[REDACTED]&api_key=[REDACTED]');
    expect(redactUrl('/health/ready')).toBe('/health/ready');
  });
});
