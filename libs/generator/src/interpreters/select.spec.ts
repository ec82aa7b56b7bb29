import type { Blueprint } from '@backforge/blueprint';
import { exampleBlueprints } from '@backforge/blueprint';
import type { InterpretRequest, InterpretResult, Interpreter } from './interpreter.js';
import { LlmInterpreter, LlmUnavailableError } from './llm/index.js';
import { interpreterSettings, loadConfig } from '@backforge/config';
import { AutoInterpreter, createInterpreter, InterpreterConfigError, type InterpreterSettings } from './select.js';

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
const understood = (by: 'rules' | 'llm', warnings: string[] = []): InterpretResult => ({ ok: true, blueprint, interpreter: by, warnings, ignored: [], draft: `# ${by} draft\n` });
const notUnderstood = (by: string): InterpretResult => ({
  ok: false,
  error: { code: 'PROMPT_NOT_UNDERSTOOD', message: `${by} did not understand`, understood: [], missing: [by], example: `# ${by} draft\n` },
  ignored: [],
  draft: `# ${by} draft\n`,
});
const request = { name: 'todo', prompt: 'a todo list' };

describe('AutoInterpreter', () => {
  it('answers with the rules when they understand, without asking the LLM', async () => {
    const rules = new ScriptedInterpreter('rules', () => understood('rules'));
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret(request)).resolves.toEqual(understood('rules'));
    expect(llm.calls).toHaveLength(0);
  });

  it("asks the LLM, with the rules' draft and what they missed, when the rules do not understand", async () => {
    const rules = new ScriptedInterpreter('rules', () => notUnderstood('rules'));
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret(request)).resolves.toEqual(understood('llm'));
    expect(llm.calls).toEqual([{ ...request, context: { draft: '# rules draft\n', warnings: ['rules'] } }]);
  });

  it('asks the LLM when the rules accept with warnings, passing the draft and the warnings', async () => {
    const rules = new ScriptedInterpreter('rules', () => understood('rules', ['not done: "x" (a rule I cannot enforce)']));
    const llm = new ScriptedInterpreter('llm', () => understood('llm'));
    await expect(new AutoInterpreter(rules, llm).interpret(request)).resolves.toEqual(understood('llm'));
    expect(llm.calls).toEqual([{ ...request, context: { draft: '# rules draft\n', warnings: ['not done: "x" (a rule I cannot enforce)'] } }]);
  });

  it("keeps the rules' backend with its warnings when the LLM then refuses", async () => {
    const withGaps = understood('rules', ['not done: "x"']);
    const auto = new AutoInterpreter(new ScriptedInterpreter('rules', () => withGaps), new ScriptedInterpreter('llm', () => notUnderstood('llm')));
    await expect(auto.interpret(request)).resolves.toEqual(withGaps);
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

/** The CLI's and the services' path: @backforge/config validates the env once, createInterpreter takes the object. */
const fromEnv = (env: Record<string, string>): InterpreterSettings => loadConfig(interpreterSettings, env);

describe('createInterpreter over the settings @backforge/config validated', () => {
  it('defaults to rules with no LLM', () => {
    expect(createInterpreter(fromEnv({})).kind).toBe('rules');
    expect(createInterpreter(fromEnv({ BACKFORGE_INTERPRETER: ' ' })).kind).toBe('rules');
  });

  it('builds the LLM interpreter for llm, and auto over the rules', () => {
    const llm = createInterpreter({ interpreter: 'llm', llmBaseUrl: 'http://127.0.0.1:9/v1', llmModel: 'm', llmApiKey: undefined });
    expect(llm).toBeInstanceOf(LlmInterpreter);
    expect(createInterpreter(fromEnv({ BACKFORGE_INTERPRETER: 'auto', LLM_BASE_URL: 'http://127.0.0.1:8080/v1', LLM_API_KEY: 'k-1', LLM_MODEL: 'qwen' }))).toBeInstanceOf(AutoInterpreter);
  });

  it('lets @backforge/config refuse what it checks on its own (mode, URL, llm without endpoint)', () => {
    expect(() => fromEnv({ BACKFORGE_INTERPRETER: 'gpt' })).toThrow(/BACKFORGE_INTERPRETER/);
    expect(() => fromEnv({ BACKFORGE_INTERPRETER: 'llm' })).toThrow(/LLM_BASE_URL is required when BACKFORGE_INTERPRETER=llm/);
    expect(() => fromEnv({ LLM_BASE_URL: 'localhost:8080', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
  });

  it.each([
    [{ LLM_MODEL: 'm' }, 'LLM_BASE_URL', 'LLM_BASE_URL is required when LLM_MODEL is set'],
    [{ LLM_API_KEY: 'secret-key-123' }, 'LLM_BASE_URL', 'LLM_BASE_URL is required when LLM_API_KEY is set'],
    [{ LLM_BASE_URL: 'http://h/v1' }, 'LLM_MODEL', 'LLM_MODEL is required when LLM_BASE_URL is set'],
    [{ LLM_BASE_URL: 'http://h/v1', LLM_MODEL: 'm', LLM_API_KEY: 'secret\nkey' }, 'LLM_API_KEY', 'LLM_API_KEY: LLM API key must be a single line'],
  ])('refuses the combination %j with a one-line error naming %s', (env, setting, message) => {
    let thrown: unknown;
    try {
      createInterpreter(fromEnv(env));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InterpreterConfigError);
    expect(thrown).toMatchObject({ setting, message });
    expect((thrown as Error).message).not.toContain('\n');
    expect((thrown as Error).message).not.toContain('secret');
  });

  it('refuses llm without an endpoint when handed an object that skipped the schema', () => {
    expect(() => createInterpreter({ interpreter: 'llm', llmBaseUrl: undefined, llmModel: undefined, llmApiKey: undefined })).toThrow(InterpreterConfigError);
    expect(() => createInterpreter({ interpreter: 'llm', llmBaseUrl: 'nope', llmModel: 'm', llmApiKey: undefined })).toThrow(/^LLM_BASE_URL: /);
  });
});
