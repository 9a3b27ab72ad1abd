import { createDeterministicModel, DETERMINISTIC_ENGINE } from '../../../../lambdas/assistant/engine/deterministic-model';
import type { AssistantInputs } from '../../../../lambdas/assistant/engine/language-model';

const input: AssistantInputs['must-haves'] = { title: 'Nurse', description: 'ICU nurse with BLS.', companyInfo: '' };
const output = {
  mustHaves: [{ text: 'BLS', kind: 'certification' as const, evidence: 'ICU nurse with BLS.' }],
  niceToHaves: [],
  title: 'Nurse',
  location: null,
};

describe('the deterministic engine as a language model', () => {
  it('answers a capability with its domain function and says the deterministic engine answered', async () => {
    const seen: unknown[] = [];
    const model = createDeterministicModel({
      'must-haves': (given) => {
        seen.push(given);
        return output;
      },
    });

    await expect(model.run('must-haves', input)).resolves.toEqual({ output, engine: { kind: 'deterministic', model: null, note: null } });
    expect(seen).toEqual([input]);
    expect(DETERMINISTIC_ENGINE).toEqual({ kind: 'deterministic', model: null, note: null });
  });

  it('fails loudly for a capability it was not given (a wiring mistake, never the caller’s)', async () => {
    const model = createDeterministicModel({ 'must-haves': () => output });

    await expect(
      model.run('best-fit', {
        job: { title: '', description: '', companyInfo: '', location: '', mustHaves: [], niceToHaves: [] },
        candidates: [],
      }),
    ).rejects.toThrow('The deterministic engine has no implementation of best-fit');
  });
});
