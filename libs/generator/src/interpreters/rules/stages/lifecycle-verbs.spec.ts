import { accept, action, fieldNames } from '../test-support.js';

const transitions = (bp: ReturnType<typeof accept>, res: string): string[] => bp.actions.filter((a) => a.kind === 'transition' && a.resource === res).map((a) => a.name);
const setsTo = (bp: ReturnType<typeof accept>, name: string): unknown => {
  const a = action(bp, name, 'transition');
  return a.effects.map((e) => ('set' in e && 'literal' in e.to ? [e.set, e.to.literal] : e));
};

describe('lifecycle verbs: the moves of a status said as verbs the reading could not tie to the record', () => {
  it('"Actions on an order: start baking, mark ready, mark collected" move an order through its states', () => {
    const bp = accept('## Orders\n- customer name\n- pickup date\n- status: placed / baking / ready / collected\n\n**Flow**\nActions on an order: start baking, mark ready, mark collected.');
    expect(transitions(bp, 'Order')).toEqual(['startBakingOrder', 'markReadyOrder', 'collectOrder']);
    expect(setsTo(bp, 'startBakingOrder')).toEqual([['status', 'baking']]);
    expect(setsTo(bp, 'markReadyOrder')).toEqual([['status', 'ready']]);
    expect(setsTo(bp, 'collectOrder')).toEqual([['status', 'collected']]);
    // the words they answer are no records of their own
    expect(bp.resources.map((r) => r.name)).toEqual(['Order']);
  });

  it('"status: ordered -> shipped -> received ... Order actions: ship, receive": the verbs of participle states', () => {
    const bp = accept('## Primer orders\n- primer name\n- supplier\n- status: ordered -> shipped -> received\n\nOrder actions: ship, receive.');
    expect(transitions(bp, 'PrimerOrder')).toEqual(['shipPrimerOrder', 'receivePrimerOrder']);
    expect(setsTo(bp, 'receivePrimerOrder')).toEqual([['status', 'received']]);
  });

  it('says nothing of a state the prompt names no doing of, nor of a verb used as a noun ("a return date")', () => {
    const bp = accept('Hires have a customer name, a return date and a status (booked, out, returned).');
    expect(transitions(bp, 'Hire')).toEqual([]);
    expect(fieldNames(bp, 'Hire')).toEqual(['customerName', 'returnDate', 'status']);
  });

  it('leaves a lifecycle an action already moves to the steps its states name', () => {
    const bp = accept('Repairs have a device and a status that goes from received to fixed to collected. Staff fix a repair.');
    expect(transitions(bp, 'Repair')).toEqual(['fixRepair', 'collectRepair']);
  });
});
