/** What a test sees of one HTTP exchange: status, headers, the raw text and the JSON body (if any). */
export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface HttpOptions {
  method?: string;
  /** A bearer token for `Authorization`. */
  token?: string;
  /** Sent as JSON (with its content type) unless `rawBody` is given. */
  json?: unknown;
  /** Sent as is; set the content type in `headers`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A tiny fetch wrapper for tests: never throws on a status, parses JSON when the body is JSON, and has
 * a deadline so a stuck server fails the test instead of hanging it.
 */
export async function http<T = Record<string, unknown>>(url: string, options: HttpOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (body === undefined && options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Names what was awaited in the timeout error. */
  description?: string;
}

/**
 * Polls `condition` until it returns something other than undefined/false, then returns it. Timing on a
 * loaded machine varies a lot, so tests wait on conditions with generous deadlines, not on sleeps.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`waitFor: ${options.description ?? 'condition'} not met within ${options.timeoutMs ?? 60_000} ms${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
}

/** One Server-Sent Event as received. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseResult {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines (`: ...`), e.g. heartbeats. */
  comments: string[];
  /** True when the server closed the stream; false when `until` stopped reading first. */
  closedByServer: boolean;
  /** The body when the answer was not an event stream (an error). */
  text: string;
}

export interface SseOptions {
  headers?: Record<string, string>;
  /** Stop reading (and abort) once this returns true for the events so far. */
  until?: (events: SseEvent[]) => boolean;
  timeoutMs?: number;
}

/** Parses the blocks of an event stream (WHATWG rules: `field: value` lines, blank line ends an event). */
function parseBlock(block: string, events: SseEvent[], comments: string[]): void {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let any = false;
  for (const line of block.split('\n')) {
    if (line === '') continue;
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    any = true;
    if (field === 'data') data.push(value);
    else if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
  }
  if (!any) return;
  event.data = data.join('\n');
  events.push(event);
}

/**
 * Reads a Server-Sent Events stream with fetch (as curl would, headers optional, as EventSource would
 * without them) until the server closes it, `until` is satisfied, or the deadline passes (an error).
 */
export async function readSse(url: string, options: SseOptions = {}): Promise<SseResult> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? 90_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const events: SseEvent[] = [];
  const comments: string[] = [];
  try {
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...options.headers }, signal: controller.signal });
    const result: SseResult = { status: response.status, headers: response.headers, events, comments, closedByServer: false, text: '' };
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
      result.text = await response.text();
      return result;
    }
    const decoder = new TextDecoder();
    let pending = '';
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          result.closedByServer = true;
          break;
        }
        pending += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          parseBlock(pending.slice(0, end), events, comments);
          pending = pending.slice(end + 2);
        }
        if (options.until?.(events)) break;
      }
    } catch (error) {
      if (timedOut) throw new Error(`readSse: the stream neither closed nor satisfied the condition within ${timeoutMs} ms (${events.length} events so far)`, { cause: error });
      throw error;
    } finally {
      if (!result.closedByServer) controller.abort();
    }
    return result;
  } finally {
    clearTimeout(timer);
  }
}
