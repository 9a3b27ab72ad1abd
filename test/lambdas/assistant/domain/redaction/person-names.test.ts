import { peopleNamedIn, personNameSpans } from '../../../../../lambdas/assistant/domain/redaction/person-names';

/** The names found in `text`, as its spans read. */
const namesIn = (text: string) => personNameSpans(text, peopleNamedIn(text)).map((s) => s.text);

describe('person names found by their context', () => {
  it.each([
    ['sometimes my friends call me radomir', 'radomir'],
    ['her maiden name is okonkwo', 'okonkwo'],
    ['Please ask for Ms. Thandeka at the front desk.', 'Thandeka'],
    ['Ezinne, could you send the rota?', 'Ezinne'],
    ['See you at the depot, Bartholomeus!', 'Bartholomeus'],
    ['Hello Wenceslas, the shift starts at six.', 'Wenceslas'],
    ['Ignatius Oyelaran began working here in 2019.', 'Ignatius Oyelaran'],
    ['"The schedule works for me," says Okafor.', 'Okafor'],
    ['We met her colleague Teodora Vlasceanu at the fair.', 'Teodora Vlasceanu'],
    ['Our founders: Abernathy, Quarshie and Lindgren', 'Quarshie'],
    ['Have you read the Oyelaran novel?', 'Oyelaran'],
  ])('%s → %s', (text, name) => {
    expect(namesIn(text).join(' | ')).toContain(name);
  });

  it('takes a name and its possessive apart ("Halvard’s daughter")', () => {
    const text = 'Ingrid told me about Ingrid’s daughter.';
    expect(namesIn(text)).toContain('Ingrid');
  });

  it('reads the speakers of a dialogue when one of them is a known given name', () => {
    const text = 'Thoralf: Where is the key?\nMaria: In the office.';
    const people = peopleNamedIn(text);
    expect([...people.words]).toEqual(expect.arrayContaining(['Thoralf', 'Maria']));
  });

  it('reads the name line above a postal address and a name an e-mail address spells', () => {
    expect(peopleNamedIn('Oyvind Tallaksen\n12 Harbour Road\nBergen').fullNames).toContain('Oyvind Tallaksen');
    expect(peopleNamedIn('kwabena asante\nwarehouse lead\nkwabenaasante@example.org').fullNames).toContain('kwabena asante');
  });

  it('leaves organisations, headings and job words alone', () => {
    for (const text of [
      'Lakeshore Health has been serving the region since 1901; join the Lakeshore family of clinics.',
      'Why join Northwind? Competitive pay, Medical and Dental from day one.',
      'Forklift Operator\n2 years of experience required',
      'Dr. Whitcombe takes the time to listen to patients.',
      'However, you will also cover reception.',
    ])
      expect(namesIn(text).filter((n) => !/Whitcombe/.test(n))).toEqual([]);
  });
});
