/**
 * Message subjects between services: `backforge.<service>.<message>`, lower-case, dot-separated.
 * Requests (commands, queries) go to exactly one replica of the owning service (NATS queue group
 * `backforge.<service>`); notifications (`backforge.<service>.notify.<what>`) reach every subscriber.
 * Each service's messages are added to its entry when the service gains them.
 */
export const SERVICE_NAMES = ['gateway', 'generation', 'validation', 'deploy', 'keys', 'invoke-router', 'downloads'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const SUBJECT_PREFIX = 'backforge';

/** `backforge.<service>.<message>` */
export function subjectOf(service: ServiceName, message: string): string {
  return `${SUBJECT_PREFIX}.${service}.${message}`;
}

/** Queue group shared by the replicas of one service, so a request is handled once. */
export function queueGroupOf(service: ServiceName): string {
  return `${SUBJECT_PREFIX}.${service}`;
}

/** Notifications are fanned out to every replica (no queue group). */
export const NOTIFY_SEGMENT = 'notify';

export function isNotificationSubject(subject: string): boolean {
  return subject.split('.')[2] === NOTIFY_SEGMENT;
}

/** Subjects every service answers: a diagnostic ping through the real transport. */
export const SUBJECTS = {
  gateway: { ping: subjectOf('gateway', 'ping') },
  generation: { ping: subjectOf('generation', 'ping') },
  validation: { ping: subjectOf('validation', 'ping') },
  deploy: { ping: subjectOf('deploy', 'ping') },
  keys: { ping: subjectOf('keys', 'ping') },
  'invoke-router': { ping: subjectOf('invoke-router', 'ping') },
  downloads: { ping: subjectOf('downloads', 'ping') },
} as const satisfies Record<ServiceName, { ping: string }>;

/** Reply of `backforge.<service>.ping`. */
export interface PingReply {
  service: ServiceName;
  /** Distinguishes replicas. */
  instanceId: string;
  /** The correlation id the service saw: proves it travelled through the transport. */
  correlationId: string;
}
