import { randomBytes } from 'node:crypto';

/**
 * Subjects of the probe service used by this library's tests. A random service segment per test
 * run keeps parallel runs on the shared NATS server apart.
 */
export const PROBE_SERVICE = `probe${randomBytes(4).toString('hex')}`;
export const PROBE = {
  echo: `backforge.${PROBE_SERVICE}.echo`,
  fail: `backforge.${PROBE_SERVICE}.fail`,
  crash: `backforge.${PROBE_SERVICE}.crash`,
  slow: `backforge.${PROBE_SERVICE}.slow`,
  append: `backforge.${PROBE_SERVICE}.append`,
  missing: `backforge.${PROBE_SERVICE}.missing`,
  count: `backforge.${PROBE_SERVICE}.count`,
  notify: `backforge.${PROBE_SERVICE}.notify.ping`,
};
