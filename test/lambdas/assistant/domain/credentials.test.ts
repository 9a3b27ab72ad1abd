import { findCredentials, impliedCredentials, stateNamed } from '../../../../lambdas/assistant/domain/credentials';

const names = (text: string, bare = true) => findCredentials(text, { bare }).map((c) => c.name);

describe('licences and certifications named in a sentence', () => {
  it.each([
    ['Valid RN or LPN license in the state of Ohio', ['RN or LPN license']],
    ['Current LPN license', ['LPN license']],
    ['CDL-A with 2 years of flatbed experience', ['Class A CDL']],
    ['Class B CDL with air brake endorsement', ['Class B CDL']],
    ["Clean MVR and a valid driver's license", ["Valid driver's license"]],
    ['EPA 608 Universal certification', ['EPA 608 certification']],
    ['Hold a State Journeyman Electrician Certification', ['Journeyman electrician license']],
    ['Licensed journeyman electrician (Texas)', ['Journeyman electrician license']],
    ['Professional Engineer license from any state', ['Professional Engineer license (PE)']],
    ['Active Nevada Certified Pharmacy Technician licensure', ['Pharmacy technician license (CPhT)']],
    ['Forklift certification within 30 days of hire', ['Forklift certification']],
    ['ServSafe Food Handler card', ['Food handler certification']],
    ['Arizona Respiratory Care Practitioner License', ['Respiratory care practitioner license']],
    ['Valid teaching license issued by the state', ['Teaching license']],
    ['BLS, ACLS and PALS from the American Heart Association', ['BLS certification', 'ACLS certification', 'PALS certification']],
  ])('%j names %j', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('reads a bare acronym as a credential only where the text is a requirement, unless it says "certification"', () => {
    expect(names('Our CNA team supports the nurses', false)).toEqual([]);
    expect(names('CNA certification from the state registry', false)).toEqual(['CNA certification']);
    expect(names('CNA', true)).toEqual(['CNA certification']);
  });

  it('never takes a label or a state name for a licence', () => {
    expect(names('Required Licenses And Certifications')).toEqual([]);
    expect(names('Ohio License')).toEqual([]);
  });

  it('finds the state a licence is issued in', () => {
    expect(stateNamed('RN license in the state of New Mexico')).toBe('New Mexico');
    expect(stateNamed('A multistate compact license')).toBeNull();
  });
});

describe('credentials the law requires of a trade', () => {
  it('names EPA 608 for a technician who services refrigeration or air conditioning, from the title or the opening', () => {
    expect(impliedCredentials('HVAC Service Technician', '').map((c) => c.name)).toEqual(['EPA 608 certification']);
    expect(impliedCredentials('Service Technician', 'We install and repair commercial refrigeration.').map((c) => c.name)).toEqual([
      'EPA 608 certification',
    ]);
  });

  it('names nothing for other roles in the trade or technicians in other trades', () => {
    expect(impliedCredentials('HVAC Sales Representative', 'Sell to technicians at refrigeration firms.')).toEqual([]);
    expect(impliedCredentials('Pharmacy Technician', 'A hospital pharmacy.')).toEqual([]);
  });
});
