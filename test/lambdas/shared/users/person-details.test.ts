import { checkPersonDetails } from '../../../../lambdas/shared/users/person-details';
import { toE164 } from '../../../../lambdas/shared/users/phone-number';

describe("a joining person's details", () => {
  it('are trimmed, with the phone number in E.164', () => {
    expect(
      checkPersonDetails({ firstName: ' José ', lastName: "O'Neil-Smith", companyName: ' Acme & Co. ', phoneNumber: '+44 20 7946 0958' }),
    ).toEqual({
      ok: true,
      details: { firstName: 'José', lastName: "O'Neil-Smith", companyName: 'Acme & Co.', phoneNumber: '+442079460958' },
    });
  });

  it('need no phone number', () => {
    expect(checkPersonDetails({ firstName: 'Dana', lastName: 'Li', companyName: 'Acme', phoneNumber: '' })).toEqual({
      ok: true,
      details: { firstName: 'Dana', lastName: 'Li', companyName: 'Acme' },
    });
  });

  it('name each missing or invalid field', () => {
    expect(checkPersonDetails({ firstName: '', lastName: '<b>Li</b>', phoneNumber: 'call me' })).toEqual({
      ok: false,
      errors: {
        firstName: 'Please enter your first name.',
        lastName: 'Last name may contain letters, spaces, apostrophes, dots and hyphens only.',
        companyName: 'Please enter your company name.',
        phoneNumber: 'Please enter a valid phone number, like +1 555 010 0199.',
      },
    });
  });

  it('ask for the country code, which the identity service needs', () => {
    expect(checkPersonDetails({ firstName: 'Dana', lastName: 'Li', companyName: 'Acme', phoneNumber: '(555) 010-0199' })).toEqual({
      ok: false,
      errors: { phoneNumber: 'Please enter the phone number with its country code, like +1 555 010 0199.' },
    });
  });

  it.each([
    ['+1 555 010 0199', '+15550100199'],
    ['+1.555.010.0199', '+15550100199'],
    ['555 010 0199', undefined],
    ['+0 555', undefined],
    ['+1234567890123456', undefined],
  ])('E.164 of %j is %j', (typed, expected) => {
    expect(toE164(typed)).toBe(expected);
  });
});
