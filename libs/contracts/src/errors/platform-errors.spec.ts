import { httpStatusOf, isErrorReply, isPlatformErrorCode, PLATFORM_ERROR_CODES } from './platform-errors.js';
import { isNotificationSubject, queueGroupOf, subjectOf } from '../messaging/subjects.js';
import { isValidCorrelationId } from '../messaging/headers.js';

describe('platform error codes', () => {
  it('map each code to its HTTP status, unknown codes to 500', () => {
    expect(httpStatusOf('VALIDATION_FAILED')).toBe(400);
    expect(httpStatusOf('ROUTE_NOT_FOUND')).toBe(404);
    expect(httpStatusOf('CONFLICT')).toBe(409);
    expect(httpStatusOf('TIMEOUT')).toBe(504);
    expect(httpStatusOf('SOMETHING_ELSE')).toBe(500);
    for (const code of PLATFORM_ERROR_CODES) expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
  });

  it('recognise an error reply decoded from the wire', () => {
    expect(isErrorReply({ code: 'NOT_FOUND', message: 'no agent' })).toBe(true);
    expect(isErrorReply({ code: 'NOPE', message: 'x' })).toBe(false);
    expect(isErrorReply({ status: 'error', message: 'Internal server error' })).toBe(false);
    expect(isPlatformErrorCode('toString')).toBe(false);
  });
});

describe('subjects and headers', () => {
  it('name subjects per service, with a queue group per service and fan-out notifications', () => {
    expect(subjectOf('invoke-router', 'ping')).toBe('backforge.invoke-router.ping');
    expect(queueGroupOf('keys')).toBe('backforge.keys');
    expect(isNotificationSubject('backforge.keys.notify.revoked')).toBe(true);
    expect(isNotificationSubject('backforge.keys.revoke')).toBe(false);
  });

  it('accept only well-formed correlation ids', () => {
    expect(isValidCorrelationId('0b7c-Req_1.2:3')).toBe(true);
    expect(isValidCorrelationId('-leading-dash')).toBe(false);
    expect(isValidCorrelationId('x'.repeat(129))).toBe(false);
  });
});
