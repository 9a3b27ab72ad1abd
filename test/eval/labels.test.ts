import { parseDocument } from './corpus';
import { figuresOf, mean } from './eval-report';
import { quote } from './worst-outputs';
import { readBestFitSets, readJobLabels, validateJobLabel } from './labels';

describe('the evaluation labels', () => {
  it('are all in the label format and name key phrases, never sentences', () => {
    const labels = readJobLabels();
    expect(labels.size).toBeGreaterThanOrEqual(26);
    for (const label of labels.values()) expect(label.titles.length).toBeGreaterThan(0);
  });

  it('reject a label that quotes a sentence', () => {
    const sentence = 'Candidates must have at least three years of experience in a busy warehouse setting';
    expect(() =>
      validateJobLabel('x', { titles: ['Picker'], coreTerms: [], mustHaves: [[sentence]], sensitive: [], mustKeep: [] }),
    ).toThrow(/mustHaves/);
  });

  it('rank every family’s sets against resumes a recruiter could pick first', () => {
    for (const set of readBestFitSets()) expect(set.top.length).toBeGreaterThan(0);
  });
});

describe('the corpus reader', () => {
  it('splits the header block from the body', () => {
    const doc = parseDocument('01-x', 'TITLE: Picker\nFAMILY: light-industrial\n\nPick orders.\n\nLift 50 lbs.');
    expect(doc).toEqual({
      stem: '01-x',
      headers: { TITLE: 'Picker', FAMILY: 'light-industrial' },
      body: 'Pick orders.\n\nLift 50 lbs.',
      family: 'light-industrial',
    });
  });
});

describe('the evaluation report', () => {
  it('averages defined values and quotes outputs short on one line', () => {
    expect(mean([1, null, 0])).toBe(0.5);
    expect(mean([null])).toBeNull();
    expect(quote('a\n b', 10)).toBe('"a b"');
    expect(quote('abcdefghijkl', 5)).toBe('"abcd…"');
  });

  it('fails a figure below its target and passes one at it', () => {
    const empty = { cases: 0, removed: 0 };
    const figures = figuresOf({
      postings: [],
      rankings: [{ job: 'j', family: 'f', top: ['a'], ranked: ['a', 'b'], top1: true, stufferInTopTwo: false }],
      summaries: [{ resume: 'r', family: 'f', job: null, contact: [{ kind: 'email', match: 'x@y.io' }], contradictions: [] }],
      interviews: [],
      redaction: {
        byType: {
          email: { cases: 2, removed: 1 },
          phone: empty,
          ssn: empty,
          'payment card': empty,
          iban: empty,
          'street address': empty,
          'person name': empty,
          'ip address': empty,
          'url or handle': empty,
        },
        missedExamples: {
          email: [],
          phone: [],
          ssn: [],
          'payment card': [],
          iban: [],
          'street address': [],
          'person name': [],
          'ip address': [],
          'url or handle': [],
        },
      },
    });
    const byName = (start: string) => figures.find((f) => f.name.startsWith(start));
    expect(byName('Top-1 right')?.pass).toBe(true);
    expect(byName('Summaries with contact data')?.pass).toBe(false);
    expect(byName('Redaction recall: email')).toMatchObject({ value: '0.50', pass: false });
    expect(byName('Redaction recall: phone')?.pass).toBeNull();
  });
});
