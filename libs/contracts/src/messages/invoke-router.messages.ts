import { subjectOf } from '../messaging/subjects.js';

export const INVOKE_ROUTER_SUBJECTS = {
  /**
   * Published (a notification: every listener hears it) when a router's table starts refusing a
   * revoked key, by the keys service's notification or by the log's event, whichever came first:
   * operators (and the invoke bench) see when each router enforced a revocation, by its own clock.
   */
  keyRefused: subjectOf('invoke-router', 'notify.key-refused'),
} as const;

export interface KeyRefusedNotice {
  keyId: string;
  instanceId: string;
  via: 'notification' | 'event';
  /** Epoch ms (fractional) when the table changed. */
  refusedAt: number;
}
