import fc from 'fast-check';
import { keywords, splitSections, splitSentences, stem, tokenize } from '../../../../lambdas/shared/text/normalize';

describe('splitting a job description into sections', () => {
  it('finds headings written with a colon, in capitals, in markdown or as known words, and strips bullets', () => {
    const text = [
      'Join a payments team that moves money for small businesses.',
      '',
      'What you will do:',
      '- Design and build REST APIs',
      '• Own services in production',
      'REQUIREMENTS',
      '1. 5+ years of Java',
      '2. Kubernetes',
      '## Nice to have',
      '* Kafka',
      'Benefits',
      'Remote-friendly, 401(k).',
    ].join('\n');
    expect(splitSections(text)).toEqual([
      { heading: null, lines: ['Join a payments team that moves money for small businesses.'] },
      { heading: 'What you will do', lines: ['Design and build REST APIs', 'Own services in production'] },
      { heading: 'REQUIREMENTS', lines: ['5+ years of Java', 'Kubernetes'] },
      { heading: 'Nice to have', lines: ['Kafka'] },
      { heading: 'Benefits', lines: ['Remote-friendly, 401(k).'] },
    ]);
  });

  it('reads "Location: Chicago, IL" as a heading with its content on the same line', () => {
    expect(splitSections('Location: Chicago, IL\n**Requirements:**\nBLS')).toEqual([
      { heading: 'Location', lines: ['Chicago, IL'] },
      { heading: 'Requirements', lines: ['BLS'] },
    ]);
  });

  it('gives nothing for empty or blank text', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections(' \n\t\n ')).toEqual([]);
  });
});

describe('splitting text into sentences', () => {
  it('keeps abbreviations, versions and dotted names inside a sentence', () => {
    expect(splitSentences('We use Node.js 20.1 and e.g. Postgres. Acme Inc. is hiring! Apply now?\n- Sr. engineers welcome')).toEqual([
      'We use Node.js 20.1 and e.g. Postgres.',
      'Acme Inc. is hiring!',
      'Apply now?',
      'Sr. engineers welcome',
    ]);
  });

  it('treats every line and bullet as its own sentence', () => {
    expect(splitSentences('- Kubernetes\n- Terraform\n\nLead migrations')).toEqual(['Kubernetes', 'Terraform', 'Lead migrations']);
  });
});

describe('words and stems', () => {
  it('tokenizes into lower-case words, keeping technical names whole', () => {
    expect(tokenize('C++, C# and Node.js on CI/CD — don’t panic')).toEqual([
      'c++',
      'c#',
      'and',
      'node.js',
      'on',
      'ci',
      'cd',
      "don't",
      'panic',
    ]);
  });

  it('brings the forms of a word to one stem', () => {
    expect(new Set(['managed', 'manages', 'managing', 'management', 'manage'].map(stem))).toEqual(new Set(['manag']));
    expect(new Set(['automation', 'automated', 'automate'].map(stem))).toEqual(new Set(['automat']));
    expect(new Set(['optimization', 'optimised', 'optimize'].map(stem))).toEqual(new Set(['optimiz']));
    expect(stem('technologies')).toBe('technology');
    expect(stem('planned')).toBe('plan');
    expect(stem('Java')).toBe('java');
  });

  it('keeps the content words of a requirement, not its framing', () => {
    expect(keywords('Strong experience managing budgets and vendors (5+ years)')).toEqual(['manag', 'budget', 'vendor']);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 200 }), (a, b) => {
        const text = `${a}\n${b}`;
        expect(Array.isArray(splitSentences(text))).toBe(true);
        expect(Array.isArray(splitSections(text))).toBe(true);
        expect(tokenize(text).every((t) => t === t.toLowerCase())).toBe(true);
        keywords(text).forEach(stem);
      }),
      { numRuns: 200 },
    );
  });
});
