import { clientNamesIn, namePattern, shortForm } from '../../../../lambdas/shared/text/client-names';
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
    ]);
    expect(clientNamesIn([], 'Northwind Traders is a specialty food distributor and retailer.', '')).toEqual([
      'Northwind Traders',
      'Northwind',
    ]);
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
