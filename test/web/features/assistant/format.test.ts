/** @jest-environment ./test/support/backend-environment.js */
import {
  definedErrors,
  engineLabel,
  formatWhen,
  lengthLabel,
  scoreLabel,
  splitList,
  textError,
  withinLimit,
} from '../../../../web/src/features/assistant/format';

describe('the assistant screens’ text helpers', () => {
  it('say which engine produced a result, with the Bedrock model when there is one', () => {
    expect(engineLabel({ kind: 'deterministic', model: null, note: null })).toBe('Produced by the offline engine');
    expect(engineLabel({ kind: 'bedrock', model: 'anthropic.claude-3-haiku', note: null })).toBe(
      'Produced by Amazon Bedrock (anthropic.claude-3-haiku)',
    );
    expect(engineLabel({ kind: 'local-model', model: 'llama3.1', note: null })).toBe('Produced by your local model (llama3.1)');
    expect(engineLabel({ kind: 'bedrock', model: null, note: null })).toBe('Produced by Amazon Bedrock');
  });

  it('give a search string’s size against its target’s limit, and whether it fits', () => {
    const linkedin = { length: 1234, limit: { unit: 'characters' as const, max: 2000 } };
    expect(lengthLabel(linkedin)).toBe('1,234 of 2,000 characters');
    expect(withinLimit(linkedin)).toBe(true);
    const google = { length: 33, limit: { unit: 'words' as const, max: 32 } };
    expect(lengthLabel(google)).toBe('33 of 32 words');
    expect(withinLimit(google)).toBe(false);
    expect(lengthLabel({ length: 1, limit: { unit: 'words', max: 32 } })).toBe('1 of 32 word');
  });

  it('read a list field one item per line or comma, dropping blanks and repeats', () => {
    expect(splitList(' intern,\nRecruiter\n\n recruiter ; sales ')).toEqual(['intern', 'Recruiter', 'sales']);
    expect(splitList('Acme, Inc.\nAcme Labs', { commas: false })).toEqual(['Acme, Inc.', 'Acme Labs']);
    expect(splitList('   ')).toEqual([]);
  });

  it('word a missing or too long text as the server does', () => {
    expect(textError('Job description', '  ', 20_000)).toBe('Please give the job description.');
    expect(textError('Location', '', 120, false)).toBeUndefined();
    expect(textError('Job title', 'x'.repeat(121), 120)).toBe('Job title has at most 120 characters.');
    expect(definedErrors({ title: undefined, description: 'Please give the job description.' })).toEqual({
      description: 'Please give the job description.',
    });
  });

  it('show scores and dates readably', () => {
    expect(scoreLabel(4)).toBe('4 of 5');
    expect(scoreLabel(3.25)).toBe('3.3 of 5');
    expect(formatWhen('not a date')).toBe('not a date');
    expect(formatWhen('2026-11-24T14:05:00.000Z', 'en-GB')).toMatch(/24 Nov 2026/);
  });
});
