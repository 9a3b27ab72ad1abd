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
    // A common surname of its country after any capitalised word; a given name from the list before any surname.
    ['Reminder: Tadeo Kowalczyk covers the night shift.', 'Tadeo Kowalczyk'],
    ['Ask Wilhelmina Nowak about the rota.', 'Wilhelmina Nowak'],
    ['The dispatcher is Matheus Quiroga-Lenz.', 'Matheus Quiroga-Lenz'],
    // Cues: a question asking for a name and its answer, a "name:" line, a described speaker, a role in an organisation.
    ["Agent: What's the name on the booking? Caller: Odalys Brenner", 'Odalys Brenner'],
    ['name:    quillon f. darrow\nphone: none', 'quillon f. darrow'],
    ['Ondine Farrelly, the site coordinator, said: "We start at six."', 'Ondine Farrelly'],
    ['Teodor Vance from Bluefield Logistics is the keynote speaker.', 'Teodor Vance'],
    ['Please follow up with Ysolde Carrick next week.', 'Ysolde Carrick'],
    ['"The route is clear," says Lorcan Abernethy in a short note.', 'Lorcan Abernethy'],
    // All-lowercase text: the same cues take lowercase names.
    ['my friend ottoline is still unknown to them, but ottoline has fans', 'ottoline'],
    ['wendeline is from the northern depot.', 'wendeline'],
    ['the frank moravec version of the form is older', 'frank moravec'],
  ])('%s → %s', (text, name) => {
    expect(namesIn(text).join(' | ')).toContain(name);
  });

  it('takes a name and its possessive apart ("Halvard’s daughter")', () => {
    const text = 'Ingrid told me about Ingrid’s daughter.';
    expect(namesIn(text)).toContain('Ingrid');
  });

  it('ends a name at its possessive, so the surname alone goes too ("Anselm Varga’s report … Varga")', () => {
    const text = "We read Anselm Varga's Safety Notes. Later Varga wrote again.";
    expect(namesIn(text)).toEqual(expect.arrayContaining(['Anselm Varga', 'Varga']));
    expect(namesIn(text).join(' ')).not.toMatch(/Safety|Notes/);
  });

  it('reads people listed with their organisations after a cue', () => {
    const text =
      'Several leaders were shortlisted, including Ilsabet Moreno of Harborline Inc., Crestway’s Odalric Fenn, and Pell Freight’s Maelis Grau.';
    expect(peopleNamedIn(text).fullNames).toEqual(expect.arrayContaining(['Ilsabet Moreno', 'Odalric Fenn', 'Maelis Grau']));
  });

  it('reads one speaker quoted on two lines', () => {
    expect([...peopleNamedIn('Brunhild: "Is the dock open?"\nBrunhild: "Then I will wait."').words]).toContain('Brunhild');
  });

  it('reads the speakers of a dialogue when one of them is a known given name', () => {
    const text = 'Thoralf: Where is the key?\nMaria: In the office.';
    const people = peopleNamedIn(text);
    expect([...people.words]).toEqual(expect.arrayContaining(['Thoralf', 'Maria']));
  });

  it('reads the name line above a postal address and a name an e-mail address spells', () => {
    expect(peopleNamedIn('Oyvind Tallaksen\n12 Harbour Road\nBergen').fullNames).toContain('Oyvind Tallaksen');
    expect(peopleNamedIn('kwabena asante\nwarehouse lead\nkwabenaasante@example.org').fullNames).toContain('kwabena asante');
    // No street, but a town and a country under a name with a known part.
    expect(peopleNamedIn('Rosalind Okarsson\n\nTromsdalen\nNorway').fullNames).toContain('Rosalind Okarsson');
    expect(peopleNamedIn('Warehouse Associate\n\nTromsdalen\nNorway').fullNames).toEqual([]);
    // A house number before the street and a company line between.
    expect(peopleNamedIn('>Isaura Penhale\n>Coastline Freight\n>Isaura Penhale\n>4410 12 Rue des Tilleuls\n>Lyon').fullNames).toContain(
      'Isaura Penhale',
    );
  });

  it('leaves organisations, headings and job words alone', () => {
    for (const text of [
      'Lakeshore Health has been serving the region since 1901; join the Lakeshore family of clinics.',
      'Why join Northwind? Competitive pay, Medical and Dental from day one.',
      'Forklift Operator\n2 years of experience required',
      'Dr. Whitcombe takes the time to listen to patients.',
      'However, you will also cover reception.',
      // Places and benefits that hold a given name or a surname shape.
      'Clinics across Alaska, Nebraska and Oregon.',
      'Routes around greater Los Angeles and Santiago.',
      'Short and Long Term Disability, a company van and gas cards.',
      'Carter and Mason counties are in the service area.',
      'May include weekend work; Will train the right person.',
    ])
      expect(namesIn(text).filter((n) => !/Whitcombe/.test(n))).toEqual([]);
  });
});
