// How every Backforge library bounds, retries and classifies calls to servers it does not own
// (DESIGN §7: every external call has a timeout). Depends on nothing of ours.
export { withTimeout } from './with-timeout.js';
export type { WithTimeoutOptions } from './with-timeout.js';
export { backoffDelay, sleep } from './backoff.js';
export type { BackoffOptions } from './backoff.js';
export { isTransientError } from './transient.js';
export { RateLimiter } from './rate-limiter.js';
export type { RateLimiterOptions, RateDecision } from './rate-limiter.js';
