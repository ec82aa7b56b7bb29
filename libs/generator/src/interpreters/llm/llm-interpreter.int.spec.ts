import { inspect } from 'node:util';
import { blueprintJsonSchema, exampleBlueprints } from '@backforge/blueprint';
import { LlmInterpreter, LlmUnavailableError, type LlmConfig } from './index.js';
import { OpenAiTestServer, RecordingServer } from './test-support/openai-test-server.js';

const API_KEY = 'sk-test-4f9c2a71b8e64d0d9a1c';
const library = JSON.stringify(exampleBlueprints.library);
const request = { name: 'library', prompt: 'A library where members borrow and return books.' };

/** The interpreter's failure, or a test failure when it did not fail. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function messagesOf(body: unknown): { role: string; content: string }[] {
  return (body as { messages: { role: string; content: string }[] }).messages;
}

describe('LlmInterpreter against a local OpenAI-compatible server', () => {
  let server: OpenAiTestServer;
  let config: LlmConfig;

  beforeAll(async () => {
    server = await OpenAiTestServer.start();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    config = { baseUrl: server.baseUrl, apiKey: API_KEY, model: 'test-model', timeoutMs: 30_000 };
  });
  afterEach(() => {
    expect(server.pending).toBe(0);
  });

  it('returns a valid blueprint, asking with the key, the model and the Blueprint schema as structured output', async () => {
    server.enqueue({ kind: 'reply', content: library });
    const result = await new LlmInterpreter(config).interpret(request);

    expect(result).toMatchObject({ ok: true, blueprint: exampleBlueprints.library, interpreter: 'llm', warnings: [] });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0];
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.headers['authorization']).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_schema', json_schema: { name: 'blueprint', schema: blueprintJsonSchema, strict: false } },
    });
    const [system, user] = messagesOf(sent?.body);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('you never write code');
    expect(system?.content).toContain(JSON.stringify(blueprintJsonSchema));
    expect(user).toEqual({ role: 'user', content: `Backend name: "library"\nDescription:\n${request.prompt}` });
  });

  it('accepts an answer wrapped in a Markdown fence', async () => {
    server.enqueue({ kind: 'reply', content: `Here it is:\n\`\`\`json\n${library}\n\`\`\`` });
    const result = await new LlmInterpreter(config).interpret(request);
    expect(result.ok).toBe(true);
  });

  it('repairs an answer that is not JSON: the second request carries the answer and the problem', async () => {
    server.enqueue({ kind: 'reply', content: '{"schemaVersion": 1, "name": "Library", ' }, { kind: 'reply', content: library });
    const result = await new LlmInterpreter(config).interpret(request);

    expect(result.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    const messages = messagesOf(server.requests[1]?.body);
    expect(messages).toHaveLength(4);
    expect(messages[2]).toEqual({ role: 'assistant', content: '{"schemaVersion": 1, "name": "Library", ' });
    expect(messages[3]?.role).toBe('user');
    expect(messages[3]?.content).toMatch(/- \/: the answer (is not valid JSON|contains no JSON object)/);
  });

  it('repairs a blueprint that fails validation: the repair message lists each issue with its path', async () => {
    const broken = structuredClone(exampleBlueprints.library) as unknown as { actions: { by?: string }[] };
    broken.actions[2]!.by = 'title';
    server.enqueue({ kind: 'reply', content: JSON.stringify(broken) }, { kind: 'reply', content: library });
    const result = await new LlmInterpreter(config).interpret(request);

    expect(result.ok).toBe(true);
    const repair = messagesOf(server.requests[1]?.body)[3]?.content ?? '';
    expect(repair).toContain('- /actions/2/by: action getBookByIsbn looks records up by "title", which is not unique');
  });

  it('answers PROMPT_NOT_UNDERSTOOD after the repair round also fails, with what was understood and what is missing', async () => {
    const broken = structuredClone(exampleBlueprints.library) as unknown as { rules: unknown[] };
    broken.rules = [{ kind: 'capacity', resource: 'Loan', via: 'book', limitField: 'max', message: 'full' }];
    server.enqueue({ kind: 'reply', content: JSON.stringify(broken) }, { kind: 'reply', content: JSON.stringify(broken) });
    const result = await new LlmInterpreter(config).interpret(request);

    expect(server.requests).toHaveLength(2);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('PROMPT_NOT_UNDERSTOOD');
    expect(result.error.message).toMatch(/1 problem\(s\) after 1 repair round/);
    expect(result.error.understood).toContain('resource Member with fields name (string), email (email)');
    expect(result.error.understood).toContain('action borrowBook: transition on Book');
    expect(result.error.missing).toEqual(['/rules/0/resource: rule capacity on Loan: resource "Loan" is not defined by the blueprint']);
    expect(result.error.example).toMatch(/library/i);
  });

  it('answers PROMPT_NOT_UNDERSTOOD when the answer is not JSON twice, after exactly two requests', async () => {
    server.enqueue({ kind: 'reply', content: 'I would design a Book resource...' }, { kind: 'reply', content: '{"resources": [' });
    const result = await new LlmInterpreter(config).interpret(request);
    expect(server.requests).toHaveLength(2);
    expect(result).toMatchObject({ ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD', understood: [], missing: [expect.stringMatching(/^\/: the answer is not valid JSON/)] } });
  });

  it('bounds the repair rounds by configuration (0: one request only)', async () => {
    server.enqueue({ kind: 'reply', content: 'not json at all' });
    const result = await new LlmInterpreter({ ...config, repairRounds: 0 }).interpret(request);
    expect(result.ok).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('takes an empty design as "not a backend" without a repair round', async () => {
    const empty = { schemaVersion: 1, name: 'x', description: 'The text is a poem, not a backend.', resources: [], actions: [], rules: [] };
    server.enqueue({ kind: 'reply', content: JSON.stringify(empty) });
    const result = await new LlmInterpreter(config).interpret({ name: 'x', prompt: 'roses are red' });
    expect(result).toMatchObject({ ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD', missing: ['The text is a poem, not a backend.'] } });
    expect(server.requests).toHaveLength(1);
  });

  it('takes a refusal as PROMPT_NOT_UNDERSTOOD', async () => {
    server.enqueue({ kind: 'refusal', refusal: 'I cannot help with that.' });
    const result = await new LlmInterpreter(config).interpret(request);
    expect(result).toMatchObject({ ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD', message: 'The LLM declined: I cannot help with that.' } });
  });

  it('gives up on a server that never answers within the timeout', async () => {
    server.enqueue({ kind: 'hang' });
    const started = Date.now();
    const error = await failure(new LlmInterpreter({ ...config, timeoutMs: 300 }).interpret(request));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', reason: 'timeout', message: 'LLM endpoint did not answer within 300 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(20_000); // the server never answers: the 300 ms timeout, not the default 30 s one, ended it
  });

  it('gives up on a body that stalls after the headers, within the same timeout', async () => {
    server.enqueue({ kind: 'stall-body' });
    const started = Date.now();
    const error = await failure(new LlmInterpreter({ ...config, timeoutMs: 300 }).interpret(request));
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(20_000); // the 300 ms timeout ended it, not the default 30 s one
  });

  it('stops reading an oversized streamed body at the cap and closes the connection', async () => {
    const total = 64 * 1024 * 1024;
    server.enqueue({ kind: 'oversized', bytes: total });
    const heapBefore = process.memoryUsage().arrayBuffers;
    const error = await failure(new LlmInterpreter({ ...config, maxResponseBytes: 1024 * 1024 }).interpret(request));
    const heapGrowth = process.memoryUsage().arrayBuffers - heapBefore;
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', reason: 'oversize', status: 200 });
    expect((error as Error).message).toContain('1048576-byte limit');
    await waitFor(() => server.stream.closedEarly);
    expect(server.stream.finished).toBe(false);
    // Kernel socket buffers hold a few MiB at most; the client read ~1 MiB of 64.
    expect(server.stream.bytesWritten).toBeLessThan(16 * 1024 * 1024);
    expect(heapGrowth).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a body whose declared length is over the cap without reading it', async () => {
    server.enqueue({ kind: 'oversized', bytes: 8 * 1024 * 1024, declareLength: true });
    const error = await failure(new LlmInterpreter({ ...config, maxResponseBytes: 1024 * 1024 }).interpret(request));
    expect(error).toMatchObject({ reason: 'oversize' });
    await waitFor(() => server.stream.closedEarly);
    expect(server.stream.finished).toBe(false);
  });

  it.each([302, 307] as const)('does not follow a %i redirect, and the target receives nothing', async (status) => {
    const target = await RecordingServer.start();
    try {
      server.enqueue({ kind: 'redirect', status, location: `${target.origin}/v1/chat/completions` });
      const error = await failure(new LlmInterpreter(config).interpret(request));
      expect(error).toBeInstanceOf(LlmUnavailableError);
      expect(error).toMatchObject({ reason: 'redirect', status });
      expect((error as Error).message).toContain(`answered ${status} redirect to ${target.origin}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('turns a 500 into LLM_UNAVAILABLE naming the status and the endpoint\'s message', async () => {
    server.enqueue({ kind: 'status', status: 500, body: JSON.stringify({ error: { message: 'model overloaded' } }) });
    const error = await failure(new LlmInterpreter(config).interpret(request));
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', reason: 'http-status', status: 500, message: 'LLM endpoint answered 500: model overloaded' });
  });

  it('falls back to json_object, once and for good, when the endpoint refuses json_schema', async () => {
    server.enqueue(
      { kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'This response_format type is unavailable now' } }) },
      { kind: 'reply', content: library },
      { kind: 'reply', content: library },
    );
    const interpreter = new LlmInterpreter(config);
    await expect(interpreter.interpret(request)).resolves.toMatchObject({ ok: true });
    await expect(interpreter.interpret(request)).resolves.toMatchObject({ ok: true });
    const formats = server.requests.map((r) => (r.body as { response_format: { type: string } }).response_format.type);
    expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('does not retry other 400s', async () => {
    server.enqueue({ kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'model "gpt-9" does not exist' } }) });
    const error = await failure(new LlmInterpreter(config).interpret(request));
    expect(error).toMatchObject({ reason: 'http-status', status: 400, message: 'LLM endpoint answered 400: model "gpt-9" does not exist' });
    expect(server.requests).toHaveLength(1);
  });

  it('turns a 200 that is not JSON into LLM_UNAVAILABLE', async () => {
    server.enqueue({ kind: 'status', status: 200, body: '<html>proxy login</html>', contentType: 'text/html' });
    const error = await failure(new LlmInterpreter(config).interpret(request));
    expect(error).toMatchObject({ reason: 'bad-response', message: expect.stringContaining('not JSON (<html>proxy login</html>)') });
  });

  it('turns a JSON body without choices into LLM_UNAVAILABLE', async () => {
    server.enqueue({ kind: 'status', status: 200, body: '{"object":"list","data":[]}' });
    const error = await failure(new LlmInterpreter(config).interpret(request));
    expect(error).toMatchObject({ reason: 'bad-response', message: expect.stringContaining('choices[0].message') });
  });

  it('never puts the API key in an error, a log line or the interpreter\'s printed form', async () => {
    const logged: string[] = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const originals = methods.map((m) => console[m]);
    for (const m of methods) {
      console[m] = (...args: unknown[]): void => {
        logged.push(args.map((a) => inspect(a)).join(' '));
      };
    }
    try {
      server.enqueue(
        { kind: 'status', status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}` } }) },
        { kind: 'status', status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY.slice(0, 10)}****1c` } }) },
        { kind: 'reply', content: 'nope' },
        { kind: 'reply', content: 'nope' },
      );
      const interpreter = new LlmInterpreter(config);
      const first = (await failure(interpreter.interpret(request))) as Error;
      const second = (await failure(interpreter.interpret(request))) as Error;
      const third = await interpreter.interpret(request);
      const visible = [first.message, first.stack ?? '', second.message, JSON.stringify(third), inspect(interpreter, { depth: 5 }), JSON.stringify(interpreter), ...logged].join('\n');
      expect(first.message).toBe('LLM endpoint answered 401: Incorrect API key provided: [redacted]');
      expect(visible).not.toContain(API_KEY);
      expect(visible).not.toContain(API_KEY.slice(0, 10));
    } finally {
      methods.forEach((m, i) => {
        console[m] = originals[i]!;
      });
    }
  });

  it('rethrows the caller\'s abort rather than waiting for the timeout', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('client went away')), 100);
    const error = await failure(new LlmInterpreter({ ...config, timeoutMs: 120_000 }).interpret({ ...request, signal: controller.signal }));
    expect(error).toEqual(new Error('client went away'));
    expect(Date.now() - started).toBeLessThan(60_000); // far below the 120 s timeout: the abort ended it
  });
});

describe('LlmInterpreter without a server', () => {
  it('reports a refused connection as LLM_UNAVAILABLE (network), naming the endpoint', async () => {
    const probe = await OpenAiTestServer.start();
    const baseUrl = probe.baseUrl;
    await probe.close();
    const error = await failure(new LlmInterpreter({ baseUrl, model: 'm', timeoutMs: 2_000 }).interpret(request));
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE', reason: 'network' });
    expect((error as Error).message).toMatch(/^LLM endpoint http:\/\/127\.0\.0\.1:\d+ could not be reached: ECONNREFUSED/);
  });

  it('sends no Authorization header when no key is configured', async () => {
    const server = await OpenAiTestServer.start();
    try {
      server.enqueue({ kind: 'reply', content: library });
      await new LlmInterpreter({ baseUrl: `${server.baseUrl}/`, model: 'm' }).interpret(request);
      expect(server.requests[0]?.headers['authorization']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
