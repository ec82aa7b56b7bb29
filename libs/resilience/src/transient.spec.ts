import { isTransientError } from './transient.js';

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });

describe('isTransientError', () => {
  it.each([
    ['connection exception class 08 (08006)', withCode('08006')],
    ['connection exception class 08 (08001)', withCode('08001')],
    ['insufficient resources class 53 (too many connections)', withCode('53300')],
    ['insufficient resources class 53 (disk full)', withCode('53100')],
    ['serialization failure 40001', withCode('40001')],
    ['deadlock 40P01', withCode('40P01')],
    ['lock not available 55P03', withCode('55P03')],
    ['statement timeout 57014', withCode('57014')],
    ['admin shutdown 57P01', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown 57P02', withCode('57P02')],
    ['cannot connect now 57P03', withCode('57P03')],
    ['idle session timeout 57P05', withCode('57P05')],
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['socket timeout', withCode('ETIMEDOUT')],
    ['broken pipe', withCode('EPIPE')],
    ['DNS not ready', withCode('EAI_AGAIN')],
    ['undici socket', withCode('UND_ERR_SOCKET')],
    ['the event store, by code', withCode('EVENT_STORE_UNAVAILABLE')],
    ['an error that declares itself transient', Object.assign(new Error('projection read timed out'), { transient: true })],
    ['node-postgres losing its socket (no code)', new Error('Connection terminated unexpectedly')],
    ['node-postgres pool connect timeout (no code)', new Error('timeout exceeded when trying to connect')],
    ["TypeORM's QueryFailedError wrapping the driver error", Object.assign(new Error('query failed'), { driverError: withCode('57P01') })],
    ['a cause chain', new Error('outer', { cause: new Error('middle', { cause: withCode('40P01') }) })],
    ["Node's AggregateError of a connect to every address", new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
    ['a plain object with a code (another realm)', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
  ])('retries %s', (_label, error) => {
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['unique violation 23505', withCode('23505')],
    ['undefined column 42703', withCode('42703')],
    ['syntax error 42601', withCode('42601')],
    ['check violation 23514', withCode('23514')],
    ['a file that does not exist', withCode('ENOENT')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['an optimistic concurrency conflict', withCode('WRONG_EXPECTED_REVISION')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
    ['an error that declares itself permanent, whatever its cause', Object.assign(new Error('gave up', { cause: withCode('ECONNREFUSED') }), { transient: false })],
  ])('does not retry %s', (_label, error) => {
    expect(isTransientError(error)).toBe(false);
  });

  it('follows a cycle of causes without looping', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isTransientError(a)).toBe(false);
  });
});
