export { PLATFORM_ERROR_HTTP_STATUS, PLATFORM_ERROR_CODES, isPlatformErrorCode, httpStatusOf, isErrorReply } from './platform-errors.js';
export type { PlatformErrorCode, ErrorReply, ErrorBody } from './platform-errors.js';
export { DomainError } from './domain-error.js';
