import type { Blueprint } from '@backforge/blueprint';
import { exampleBlueprints } from '@backforge/blueprint';
import type { InterpretRequest, InterpretResult, Interpreter } from './interpreter.js';
import { LlmInterpreter, LlmUnavailableError } from './llm/index.js';
import { AutoInterpreter, createInterpreter, InterpreterConfigError, interpreterConfigFromEnv } from './select.js';

/** A test double of our own Interpreter interface: answers from a script and counts its calls. */
class ScriptedInterpreter implements Interpreter {
  readonly calls: InterpretRequest[] = [];
  constructor(
    readonly kind: 'rules' | 'llm',
    private readonly answer: () => InterpretResult,
  ) {}
  async interpret(request: InterpretRequest): Promise<InterpretResult> {
    this.calls.push(request);
    return this.answer();
  }
}

const blueprint: Blueprint = exampleBlueprints.todo;
const understood = (by: 'rules' | 'llm'): InterpretResult => ({ ok: true, blueprint, interpreter: by });
const notUnderstood = (by: string): InterpretResult => ({
  ok: false,
  error: { code: 'PROMPT_NOT_UNDERSTOOD', message: `${by} did not understand`, understood: [], missing: [by], example: 'e' },
});
const request = { name: 'todo', prompt: 'a todo list' };

describe('AutoInterpreter', () => {
  it('answers with the rules when they understand, without asking the LLM', async () => {
    const rules = new ScriptedInterpreter('rules', () => understood('rules'));
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret(request)).resolves.toEqual(understood('rules'));
    expect(llm.calls).toHaveLength(0);
  });

  it('asks the LLM, with the same request, when the rules do not understand', async () => {
    const rules = new ScriptedInterpreter('rules', () => notUnderstood('rules'));
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret(request)).resolves.toEqual(understood('llm'));
    expect(llm.calls).toEqual([request]);
  });

  it("returns the LLM's PROMPT_NOT_UNDERSTOOD when neither understands", async () => {
    const auto = new AutoInterpreter(new ScriptedInterpreter('rules', () => notUnderstood('rules')), new ScriptedInterpreter('llm', () => notUnderstood('llm')));
    await expect(auto.interpret(request)).resolves.toEqual(notUnderstood('llm'));
  });

  it("returns the rules' PROMPT_NOT_UNDERSTOOD when no LLM is configured", async () => {
    const auto = new AutoInterpreter(new ScriptedInterpreter('rules', () => notUnderstood('rules')), undefined);
    await expect(auto.interpret(request)).resolves.toEqual(notUnderstood('rules'));
  });

  it('lets an unavailable LLM be seen as such', async () => {
    const llm = new ScriptedInterpreter('llm', () => {
      throw new LlmUnavailableError('timeout', 'LLM endpoint did not answer within 10 ms');
    });
    const auto = new AutoInterpreter(new ScriptedInterpreter('rules', () => notUnderstood('rules')), llm);
    await expect(auto.interpret(request)).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE', reason: 'timeout' });
  });

  it('does not ask the LLM once the caller has aborted', async () => {
    const controller = new AbortController();
    const rules = new ScriptedInterpreter('rules', () => {
      controller.abort(new Error('gone'));
      return notUnderstood('rules');
    });
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret({ ...request, signal: controller.signal })).rejects.toThrow('gone');
    expect(llm.calls).toHaveLength(0);
  });
});

describe('interpreterConfigFromEnv', () => {
  it('defaults to rules with no LLM', () => {
    expect(interpreterConfigFromEnv({})).toEqual({ mode: 'rules' });
    expect(interpreterConfigFromEnv({ BACKFORGE_INTERPRETER: ' ' })).toEqual({ mode: 'rules' });
  });

  it('reads the mode and the LLM endpoint', () => {
    expect(
      interpreterConfigFromEnv({ BACKFORGE_INTERPRETER: 'auto', LLM_BASE_URL: 'http://127.0.0.1:8080/v1', LLM_API_KEY: 'k-1', LLM_MODEL: 'qwen' }),
    ).toEqual({ mode: 'auto', llm: { baseUrl: 'http://127.0.0.1:8080/v1', apiKey: 'k-1', model: 'qwen' } });
    expect(interpreterConfigFromEnv({ BACKFORGE_INTERPRETER: 'llm', LLM_BASE_URL: 'http://h/v1', LLM_MODEL: 'm' })).toEqual({
      mode: 'llm',
      llm: { baseUrl: 'http://h/v1', model: 'm' },
    });
  });

  it.each([
    [{ BACKFORGE_INTERPRETER: 'gpt' }, 'BACKFORGE_INTERPRETER', 'BACKFORGE_INTERPRETER must be one of rules, llm, auto; got "gpt"'],
    [{ BACKFORGE_INTERPRETER: 'llm' }, 'LLM_BASE_URL', 'LLM_BASE_URL is required when BACKFORGE_INTERPRETER=llm'],
    [{ LLM_MODEL: 'm' }, 'LLM_BASE_URL', 'LLM_BASE_URL is required when LLM_MODEL is set'],
    [{ LLM_API_KEY: 'secret-key-123' }, 'LLM_BASE_URL', 'LLM_BASE_URL is required when LLM_API_KEY is set'],
    [{ LLM_BASE_URL: 'http://h/v1' }, 'LLM_MODEL', 'LLM_MODEL is required when LLM_BASE_URL is set'],
    [{ LLM_BASE_URL: 'localhost:8080', LLM_MODEL: 'm' }, 'LLM_BASE_URL', 'LLM_BASE_URL: LLM base URL must use http or https, got localhost:'],
    [{ LLM_BASE_URL: 'http://h/v1', LLM_MODEL: 'm', LLM_API_KEY: 'secret\nkey' }, 'LLM_API_KEY', 'LLM_API_KEY: LLM API key must be a single line'],
  ])('refuses %j with a one-line error naming %s', (env, setting, message) => {
    let thrown: unknown;
    try {
      interpreterConfigFromEnv(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InterpreterConfigError);
    expect(thrown).toMatchObject({ setting, message });
    expect((thrown as Error).message).not.toContain('\n');
    expect((thrown as Error).message).not.toContain('secret');
  });
});

describe('createInterpreter', () => {
  it('builds the LLM interpreter for llm', () => {
    const interpreter = createInterpreter({ mode: 'llm', llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } });
    expect(interpreter).toBeInstanceOf(LlmInterpreter);
    expect(interpreter.kind).toBe('llm');
  });

  it('refuses llm without an endpoint, naming the setting', () => {
    expect(() => createInterpreter({ mode: 'llm' })).toThrow(InterpreterConfigError);
    expect(() => createInterpreter({ mode: 'llm', llm: { baseUrl: 'nope', model: 'm' } })).toThrow(/^LLM_BASE_URL: /);
  });
});
