import type { GenerationEvent } from '@backforge/contracts';
import type { RecordedEvent } from '@backforge/event-store';

/** One message of the progress stream: what a client needs from each event of the job's log. */
export interface ProgressMessage {
  type: GenerationEvent['type'];
  jobId: string;
  /** The job's status after this event: `queued`, a progress value, `completed` or `failed`. */
  status: string;
  attempt?: number;
  error?: unknown;
  result?: unknown;
  at: string;
}

/** The job's status after the event, as GET /v1/generate/{jobId} would show it. */
export function progressMessage(jobId: string, recorded: RecordedEvent): ProgressMessage {
  const event = { type: recorded.type, data: recorded.data } as unknown as GenerationEvent;
  const at = recorded.metadata.occurredAt;
  switch (event.type) {
    case 'GenerationRequested':
      return { type: event.type, jobId, status: 'queued', at };
    case 'GenerationStarted':
      return { type: event.type, jobId, status: 'interpreting', attempt: event.data.attempt, at };
    case 'GenerationProgressed':
      return { type: event.type, jobId, status: event.data.stage, attempt: event.data.attempt, at };
    case 'GenerationCompleted':
      return {
        type: event.type,
        jobId,
        status: 'completed',
        attempt: event.data.attempt,
        result: { version: event.data.version, summary: event.data.summary, artifacts: event.data.artifacts.map((a) => a.filename) },
        at,
      };
    case 'GenerationFailed':
      return { type: event.type, jobId, status: 'failed', attempt: event.data.attempt, error: event.data.error, at };
  }
}

export function isTerminal(recorded: RecordedEvent): boolean {
  return recorded.type === 'GenerationCompleted' || recorded.type === 'GenerationFailed';
}

/** One Server-Sent Event: `id:` is the event's revision in the job's stream (resume with Last-Event-ID). */
export function sseFrame(recorded: RecordedEvent, message: ProgressMessage): string {
  return `id: ${recorded.revision.toString()}\ndata: ${JSON.stringify(message)}\n\n`;
}
