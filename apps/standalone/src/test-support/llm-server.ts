import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server for the worker e2e tests: after holdNext() the next
 * request is held open (never answered); every other one gets `content` as the assistant's message.
 * That makes "the worker that claimed the job is stuck in it" certain, whatever the machine's speed.
 */
export class HangingLlmServer {
  /** Requests received, in order. */
  readonly requests: string[] = [];
  private holdOne = false;
  baseUrl = '';
  private readonly held = new Set<ServerResponse>();
  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push(Buffer.concat(chunks).toString('utf8'));
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`test server: unexpected ${req.method ?? ''} ${req.url ?? ''}`);
        return;
      }
      if (this.holdOne) {
        this.holdOne = false;
        this.held.add(res);
        return;
      }
      const body = {
        id: 'chatcmpl-e2e',
        object: 'chat.completion',
        created: 0,
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content: this.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });

  private constructor(private readonly content: string) {}

  static async start(content: string): Promise<HangingLlmServer> {
    const instance = new HangingLlmServer(content);
    await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
    instance.baseUrl = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}/v1`;
    return instance;
  }

  /** The next request is held open for ever. */
  holdNext(): void {
    this.holdOne = true;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
