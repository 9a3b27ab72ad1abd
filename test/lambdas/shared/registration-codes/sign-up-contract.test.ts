import { signUpErrorKind, signUpErrorMessage, signUpUserAttributes } from '../../../../lambdas/shared/registration-codes/sign-up-contract';

describe('invitation sign-up contract (what the web app sends and reads)', () => {
  it('builds the Cognito user attributes: trimmed, email lower-cased, phone in E.164, code upper-cased', () => {
    expect(
      signUpUserAttributes({
        email: ' Dana.Li@Example.com ',
        firstName: ' Dana ',
        lastName: 'Li',
        companyName: 'Acme Staffing ',
        phoneNumber: '+1 (555) 010-0199',
        registrationCode: ' beta-r1 ',
      }),
    ).toEqual({
      email: 'dana.li@example.com',
      given_name: 'Dana',
      family_name: 'Li',
      'custom:companyName': 'Acme Staffing',
      'custom:registrationCode': 'BETA-R1',
      phone_number: '+15550100199',
    });
  });

  it('leaves the phone number out when none was typed', () => {
    expect(
      signUpUserAttributes({
        email: 'a@b.co',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
        phoneNumber: '  ',
        registrationCode: 'X1Y',
      }),
    ).not.toHaveProperty('phone_number');
  });

  it.each([
    [
      'PreSignUp failed with error REGISTRATION_CODE_INVALID: You have provided an incorrect registration code. Please try again.',
      'registration_code_invalid',
      'You have provided an incorrect registration code. Please try again.',
    ],
    [
      'PreSignUp failed with error SIGN_UP_DETAILS_INVALID: Please enter your first name.',
      'details_invalid',
      'Please enter your first name.',
    ],
    [
      'PostConfirmation failed with error SIGN_UP_UNAVAILABLE: We could not complete your sign-up right now. Please try again shortly.',
      'unavailable',
      'We could not complete your sign-up right now. Please try again shortly.',
    ],
  ])('recognises the trigger error in %j', (message, kind, text) => {
    expect(signUpErrorKind(message)).toBe(kind);
    expect(signUpErrorMessage(message)).toBe(text);
  });

  it('does not claim errors the triggers did not raise', () => {
    expect(signUpErrorKind('User already exists')).toBeUndefined();
    expect(signUpErrorKind(undefined)).toBeUndefined();
  });
});
