import { checkSearch } from './boolean-checks';
import { malformations } from './question-checks';
import { entityTypeOf, recognizerCases, removed, synthCases } from './redaction';
import { contactData, contradictions, notShownItems } from './summary-checks';
import { garbageReason } from './term-quality';
import { mentions, normalize, precisionRecall, termMatches } from './text-match';

describe('matching the assistant’s words with a label', () => {
  it('ignores case, punctuation and spacing, and matches whole words only', () => {
    expect(normalize('  Class-A  CDL, required. ')).toBe('class a cdl required');
    expect(mentions('Must hold a Class A CDL.', 'class a cdl')).toBe(true);
    expect(mentions('Must hold a Class AB CDL.', 'class a')).toBe(false);
    expect(mentions('Skills: ASP.NET and C#', 'asp.net')).toBe(true);
  });

  it('reads /patterns/ as regular expressions and splits sentences run together', () => {
    expect(mentions('CDL-A with two years', '/cdl[- ]?a/')).toBe(true);
    expect(normalize('uses excel.Manages payroll')).toBe('uses excel. manages payroll'.replace('. ', ' '));
  });

  it('counts a term as right when it names a variant or is a whole-word part of one', () => {
    expect(termMatches('CDL-A', ['cdl-a', 'class a cdl'])).toBe(true);
    expect(termMatches('Forklift', ['forklift certified'])).toBe(true);
    expect(termMatches('Fork', ['forklift certified'])).toBe(false);
  });

  it('computes precision over produced items and recall over gold concepts', () => {
    const { precision, recall, unmatched, missed } = precisionRecall(
      ['Python', 'Teamwork'],
      [['python'], ['kubernetes', 'k8s']],
      termMatches,
    );
    expect(precision).toBe(0.5);
    expect(recall).toBe(0.5);
    expect(unmatched).toEqual(['Teamwork']);
    expect(missed).toEqual([['kubernetes', 'k8s']]);
    expect(precisionRecall([], [], termMatches)).toMatchObject({ precision: null, recall: null });
  });
});

describe('the garbage-term rule', () => {
  it('keeps the terms a sourcer searches for', () => {
    for (const term of ['Kubernetes', 'Class A CDL', '.NET', 'C#', 'CompTIA A+', '2 CFR 200', 'Forklift Operator', 'IT Support Technician'])
      expect(garbageReason(term)).toBeNull();
    expect(garbageReason('Support it')).toBe('fragment');
  });

  it('names sentence pieces, fragments, soft skills and generic words', () => {
    expect(garbageReason('Ability to stand for a full shift and lift boxes')).toBe('sentence piece');
    expect(garbageReason('Payroll, benefits')).toBe('sentence piece');
    expect(garbageReason('and inventory')).toBe('fragment');
    expect(garbageReason('experience with')).toBe('fragment');
    expect(garbageReason('Communication')).toBe('soft skill');
    expect(garbageReason('Team player')).toBe('soft skill');
    expect(garbageReason('Required experience')).toBe('generic');
    expect(garbageReason('2025-2026 Welder')).toBe('fragment');
    expect(garbageReason('Welder needed.')).toBe('sentence piece');
  });
});

describe('the malformed-question detector', () => {
  it('passes questions a recruiter could send as written', () => {
    for (const question of [
      'Do you hold a current Class A CDL? Who issued it, and when does it expire?',
      'How many years of forklift experience do you have, and in which roles?',
      'Tell me about a deal where upselling made the difference: what did you do, and what did it bring in?',
      'Describe a time you were responsible for month-end close. What were you responsible for?',
    ])
      expect(malformations(question)).toEqual([]);
  });

  it('catches a posting sentence spliced into the template', () => {
    expect(malformations('Do you hold a current All nurses are required to carry a state licence?')).toEqual(
      expect.arrayContaining(['posting sentence inside', 'sentence start mid-question']),
    );
    expect(malformations('How many years of must be 18 or older experience do you have?')).toContain('function words collide');
    expect(malformations('The role requires old. Do you meet that?')).toContain('function words collide');
    expect(malformations('Do you have a Skills:Typing speed of 50 words.Knowledge of filing…?')).toEqual(
      expect.arrayContaining(['glued sentences', 'cut off']),
    );
    expect(malformations('Describe your welding welding experience?')).toContain('doubled word');
    expect(malformations('Tell us about your experience')).toContain('not a question');
  });
});

describe('boolean string checks', () => {
  const groups = {
    titles: ['Forklift Operator'],
    must: [{ concept: 'Forklift', terms: ['forklift certification'] }],
    nice: [{ concept: 'Bilingual', terms: ['Spanish', 'bilingual'] }],
  };

  it('passes a string that ANDs only the title and must-haves, and ORs nice-to-haves with them', () => {
    const check = checkSearch(
      { target: 'linkedin-recruiter', query: '"Forklift Operator" AND ("forklift certification" OR Spanish)' },
      groups,
    );
    expect(check).toEqual({ parses: true, niceAnded: [], andedConcepts: 2 });
  });

  it('names a nice-to-have that is AND-ed, and counts the AND-ed concepts', () => {
    const check = checkSearch(
      { target: 'linkedin-recruiter', query: '"Forklift Operator" AND "forklift certification" AND (Spanish OR bilingual) NOT intern' },
      groups,
    );
    expect(check.niceAnded).toEqual(['Bilingual']);
    expect(check.andedConcepts).toBe(3);
  });

  it('reports a string that does not parse', () => {
    expect(checkSearch({ target: 'linkedin-recruiter', query: '("Forklift Operator" AND' }, groups).parses).toBe(false);
  });
});

describe('candidate summary checks', () => {
  it('finds e-mail addresses, phone numbers, profile links and street addresses', () => {
    const found = contactData('Reach me at sam.lee@example.com or (555) 010-2233, linkedin.com/in/samlee, 12 Birch Street.').map(
      (c) => c.kind,
    );
    expect(found).toEqual(['email', 'phone', 'url', 'street address']);
    expect(contactData('Sam Lee is a forklift operator with 6 years of experience.')).toEqual([]);
  });

  it('finds an item shown as a skill and listed as not shown', () => {
    const summary =
      'Core skills: Excel, QuickBooks and Payroll. Against the job, the resume shows 1; not shown: Advanced Excel skills; ADP.';
    expect(notShownItems(summary)).toEqual(['Advanced Excel skills', 'ADP']);
    expect(contradictions({ summary, skills: ['Excel', 'QuickBooks', 'Payroll'], highlights: [], fit: null })).toEqual([
      'Advanced Excel skills',
    ]);
    expect(
      contradictions({ summary: summary.replace('Advanced Excel skills; ', ''), skills: ['Excel'], highlights: [], fit: null }),
    ).toEqual([]);
  });
});

describe('redaction cases from Presidio', () => {
  it('maps Presidio entity types to ours and leaves out those we keep on purpose', () => {
    expect(entityTypeOf('PHONE_NUMBER')).toBe('phone');
    expect(entityTypeOf('DOMAIN_NAME')).toBe('url or handle');
    expect(entityTypeOf('DATE_TIME')).toBeNull();
  });

  it('makes one case per labelled span, and checks the span is gone from the output', () => {
    const recognizer = recognizerCases([
      {
        type: 'EMAIL_ADDRESS',
        text: 'write to a@b.io or c@d.io',
        spans: [
          [9, 15],
          [19, 25],
        ],
      },
      { type: 'DATE_TIME', text: 'today', spans: [[0, 5]] },
    ]);
    expect(recognizer.map((c) => c.value)).toEqual(['a@b.io', 'c@d.io']);
    const synth = synthCases([
      { full_text: 'Call Ana on 555', spans: [{ entity_type: 'PERSON', entity_value: 'Ana', start_position: 5, end_position: 8 }] },
    ]);
    expect(synth).toEqual([{ text: 'Call Ana on 555', type: 'person name', value: 'Ana', source: 'synthetic v2' }]);
    expect(removed('a@b.io', 'write to [email removed]')).toBe(true);
    expect(removed('555  0100', 'call 555 0100')).toBe(false);
  });
});

describe('the malformed-question detector on posting furniture', () => {
  it('catches headings, offers, bullets and the posting’s own years inside a question', () => {
    expect(malformations('Do you hold a current Required Licences And Registrations?')).toContain('sentence start mid-question');
    expect(malformations('The role requires Term: Temporary. Do you meet that?')).toEqual([]);
    expect(malformations('The role requires Duration: Temporary. Do you meet that?')).toContain('sentence start mid-question');
    expect(malformations('Describe a situation where $2,000 Relocation Bonus made a difference in your work.')).toContain(
      'offer as a requirement',
    );
    expect(malformations('How many years of 5+ years of welding experience do you have, and in which roles?')).toContain(
      'years inside years',
    );
    expect(malformations('Do you have an Education· GED · Forklift card?')).toContain('glued sentences');
    expect(malformations('The role requires our great perks for you and your family. Do you meet that?')).toContain(
      'posting sentence inside',
    );
    expect(malformations('The role requires Acme Rocks! We hire the best. Do you meet that?')).toContain('posting sentence inside');
  });
});

describe('the malformed-question detector on titles and dangling words', () => {
  it('catches a job title asked as a licence and a slot that ends on "as"', () => {
    expect(malformations('Do you hold a current Certified Welding Technician? Who issued it?')).toContain('title as a credential');
    expect(malformations('Do you hold a current AWS D1.1 certification? Who issued it?')).toEqual([]);
    expect(malformations('The role requires stock shelves as. Do you meet that?')).toContain('function words collide');
    expect(malformations('Tell me about your annual bonus plan: for how long?')).toContain('offer as a requirement');
  });
});

describe('the malformed-question detector leaves natural wording alone', () => {
  it('passes "where you", a lower-case "experience:" and a long question with commas', () => {
    for (const question of [
      'Tell me about a patient situation where you relied on telemetry: what did you see, and what did you do?',
      'Tell me about your prior warehouse experience: for how long, in which roles, and what were you responsible for?',
      'How long have you used Electronic Health Records, at which employer, and what is the most advanced thing you have built or set up in it?',
    ])
      expect(malformations(question)).toEqual([]);
  });
});
