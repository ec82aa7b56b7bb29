import { InvocationEnd } from './end-signal.js';

describe('InvocationEnd', () => {
  it('runs each listener still registered once, in order, when it ends; later ends and listeners do nothing', () => {
    const end = new InvocationEnd();
    const seen: string[] = [];
    const a = (): void => void seen.push('a');
    const b = (): void => void seen.push('b');
    const c = (): void => void seen.push('c');
    end.addEventListener('abort', a, { once: true });
    end.addEventListener('abort', b);
    end.addEventListener('abort', c);
    end.removeEventListener('abort', b);
    expect(end.aborted).toBe(false);
    end.end();
    end.end();
    end.addEventListener('abort', b);
    expect({ aborted: end.aborted, seen }).toEqual({ aborted: true, seen: ['a', 'c'] });
  });
});
