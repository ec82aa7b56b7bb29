import { isTransientError } from '@backforge/resilience';
import { PlatformError, RemoteError, RequestTimeoutError } from './errors.js';

describe('typed messaging failures under isTransientError', () => {
  it('retries what may pass later: no reply in time, no service answering', () => {
    expect(isTransientError(new RequestTimeoutError('backforge.keys.ping', 100))).toBe(true);
    expect(isTransientError(new RemoteError('backforge.keys.ping', { code: 'UNAVAILABLE', message: 'No service answers' }))).toBe(true);
  });

  it("does not retry the other side's decisions, whatever caused them", () => {
    expect(isTransientError(new RemoteError('backforge.keys.create', { code: 'VALIDATION_FAILED', message: 'bad' }))).toBe(false);
    expect(isTransientError(new PlatformError('CONFLICT', 'taken'))).toBe(false);
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isTransientError(new PlatformError('INTERNAL', 'failed', undefined, { cause }))).toBe(false);
  });
});
