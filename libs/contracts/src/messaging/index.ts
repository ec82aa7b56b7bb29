export { SERVICE_NAMES, SUBJECT_PREFIX, SUBJECTS, NOTIFY_SEGMENT, subjectOf, queueGroupOf, isNotificationSubject } from './subjects.js';
export type { ServiceName, PingReply } from './subjects.js';
export { CORRELATION_HEADER, CORRELATION_ID_PATTERN, isValidCorrelationId } from './headers.js';
