import { acronymOf, clientNamesIn, namePattern, shortForm } from '../../../../lambdas/shared/text/client-names';
import { SAMPLE_JOBS } from '../../../../lambdas/assistant/samples/sample-jobs';

describe('the names a client goes by', () => {
  it.each([
    ['Brightledger Financial', 'Brightledger'],
    ['St. Brigid Regional Medical Center', 'St. Brigid'],
    ['Harlow Precision Components, Inc.', 'Harlow'],
    ['Meridian Cold Chain', 'Meridian'],
    ['Acme Robotics', 'Acme'],
    ['PayHarbor', null],
    ['General Motors', null],
    ['The Group', null],
  ])('shortens %j to %j', (name, short) => {
    expect(shortForm(name)).toBe(short);
  });

  it('finds the names the company information and the requisition state, longest first', () => {
    const job = SAMPLE_JOBS.find((j) => j.id === 'icu-registered-nurse');
    expect(clientNamesIn([], job?.companyInfo ?? '', job?.description ?? '')).toEqual([
      'St. Brigid Regional Medical Center',
      'Lakeshore Health Partners',
      'St. Brigid',
      'Lakeshore',
      // Their initials too, which staff write for them.
      'SBRMC',
      'LHP',
    ]);
    expect(clientNamesIn([], 'Northwind Traders is a specialty food distributor and retailer.', '')).toEqual([
      'Northwind Traders',
      'Northwind',
    ]);
  });

  it('adds the initials of a long name, and an unknown acronym owning policies where the posting hides its client', () => {
    expect(acronymOf('Harbourview Maritime Trust')).toBe('HMT');
    expect(acronymOf('Acme Robotics')).toBeNull();
    expect(clientNamesIn(['Harbourview Maritime Trust'], '', '')).toContain('HMT');
    expect(clientNamesIn([], '', 'Our client, a logistics firm, needs a clerk. Follow KLT procedures and OSHA guidelines.')).toEqual([
      'KLT',
    ]);
    expect(clientNamesIn([], '', 'Follow KLT procedures.')).toEqual([]);
  });

  it('does not take a skill or a sentence opening for a client', () => {
    expect(clientNamesIn([], 'Kubernetes is a must. This is a great team.', 'Our team is a small group.')).toEqual([]);
  });

  it('matches a name with its possessive, any spacing and without dots', () => {
    const pattern = namePattern('St. Brigid');
    expect('St Brigid’s ICU and ST. BRIGID and St.  Brigid'.match(pattern)).toEqual(['St Brigid’s', 'ST. BRIGID', 'St.  Brigid']);
    expect('Saint Brigid, St. Brigida'.match(namePattern('St. Brigid'))).toBeNull();
  });
});
