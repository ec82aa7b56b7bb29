import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server does with the next request. */
export type CannedBehaviour =
  /** 200 with a chat completion whose assistant message is `content`. */
  | { kind: 'reply'; content: string; finishReason?: string }
  /** 200 with a refusal and no content. */
  | { kind: 'refusal'; refusal: string }
  /** Any status with a raw body (a 500, a 401, an HTML page...). */
  | { kind: 'status'; status: number; body: string; contentType?: string }
  /** A redirect that must not be followed. */
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string }
  /** Never answers: no status line, nothing. */
  | { kind: 'hang' }
  /** Sends the headers and the start of a body, then nothing. */
  | { kind: 'stall-body' }
  /** Streams a 200 body of `bytes` bytes in 64 KiB chunks (chunked, or with a Content-Length). */
  | { kind: 'oversized'; bytes: number; declareLength?: boolean };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Progress of the last oversized body: how much was written, and whether it all went out. */
export interface StreamStats {
  bytesWritten: number;
  finished: boolean;
  closedEarly: boolean;
}

/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for tests: POST /v1/chat/completions
 * answers from a queue of canned behaviours and records every request. Any other path, or a request
 * with an empty queue, gets a 500 that names the problem, so a test cannot pass by accident.
 */
export class OpenAiTestServer {
  readonly requests: RecordedRequest[] = [];
  readonly stream: StreamStats = { bytesWritten: 0, finished: false, closedEarly: false };
  private readonly queue: CannedBehaviour[] = [];
  private readonly server: Server = createServer((req, res) => {
    void this.handle(req.method ?? '', req.url ?? '', req.headers, req, res);
  });
  /** e.g. "http://127.0.0.1:41234/v1", the value for LLM_BASE_URL. */
  baseUrl = '';

  private constructor() {}

  static async start(): Promise<OpenAiTestServer> {
    const instance = new OpenAiTestServer();
    instance.baseUrl = `${await listen(instance.server)}/v1`;
    return instance;
  }

  enqueue(...behaviours: CannedBehaviour[]): this {
    this.queue.push(...behaviours);
    return this;
  }

  get pending(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(method: string, url: string, headers: IncomingHttpHeaders, req: AsyncIterable<Buffer>, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Recorded as text.
    }
    this.requests.push({ method, url, headers, body });
    if (method !== 'POST' || url !== '/v1/chat/completions') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`test server: unexpected ${method} ${url}`);
      return;
    }
    const next = this.queue.shift();
    if (!next) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('test server: no canned behaviour left');
      return;
    }
    this.behave(next, res);
  }

  private behave(behaviour: CannedBehaviour, res: ServerResponse): void {
    switch (behaviour.kind) {
      case 'reply':
        json(res, 200, completion({ role: 'assistant', content: behaviour.content }, behaviour.finishReason ?? 'stop'));
        return;
      case 'refusal':
        json(res, 200, completion({ role: 'assistant', content: null, refusal: behaviour.refusal }, 'stop'));
        return;
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': behaviour.contentType ?? 'application/json' }).end(behaviour.body);
        return;
      case 'redirect':
        res.writeHead(behaviour.status, { location: behaviour.location, 'content-type': 'text/plain' }).end('moved');
        return;
      case 'hang':
        return;
      case 'stall-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"choices":[{"message":{"role":"assistant","content":"');
        return;
      case 'oversized':
        this.streamOversized(res, behaviour.bytes, behaviour.declareLength ?? false);
        return;
    }
  }

  /** Writes `total` bytes with back-pressure, stopping as soon as the client goes away. */
  private streamOversized(res: ServerResponse, total: number, declareLength: boolean): void {
    const stats = this.stream;
    stats.bytesWritten = 0;
    stats.finished = false;
    stats.closedEarly = false;
    res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    res.on('close', () => {
      if (!stats.finished) stats.closedEarly = true;
    });
    const pump = (): void => {
      while (stats.bytesWritten < total && !res.destroyed) {
        const size = Math.min(chunk.length, total - stats.bytesWritten);
        stats.bytesWritten += size;
        if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          res.once('drain', pump);
          return;
        }
      }
      if (stats.bytesWritten >= total && !res.destroyed) {
        stats.finished = true;
        res.end();
      }
    };
    pump();
  }
}

function completion(message: object, finishReason: string): object {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A plain recording server: answers 200 "{}" to anything and remembers it (a redirect target). */
export class RecordingServer {
  readonly requests: { method: string; url: string }[] = [];
  private readonly server: Server = createServer((req, res) => {
    this.requests.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  origin = '';

  private constructor() {}

  static async start(): Promise<RecordingServer> {
    const instance = new RecordingServer();
    instance.origin = await listen(instance.server);
    return instance;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Listens on an ephemeral port of 127.0.0.1 and gives the origin. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
