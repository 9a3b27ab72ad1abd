/** @jest-environment ./test/support/backend-environment.js */
import {
  createAmplifyInviteSignupApi,
  isRegistrationCodeError,
  signUpRefusal,
} from '../../../../web/src/features/auth/api/invite-signup-api';
import { loadAuth } from '../../../../web/src/lib/amplify';
import { cognitoError } from '../../support/auth';
import { testConfig } from '../../support/config';

// The adapter's contract with the identity service, checked against a fake of our own loader
// (lib/amplify's loadAuth), not Amplify's internals.
jest.mock('../../../../web/src/lib/amplify', () => ({
  ...jest.requireActual('../../../../web/src/lib/amplify'),
  loadAuth: jest.fn(),
}));

const auth = {
  signUp: jest.fn(async (_input: { options: { userAttributes: Record<string, string> } }) => ({
    isSignUpComplete: false,
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
  })),
  confirmSignUp: jest.fn(async () => ({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } })),
  resendSignUpCode: jest.fn(async () => ({})),
  signIn: jest.fn(async () => ({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })),
  signOut: jest.fn(async () => undefined),
};

beforeEach(() => {
  jest.mocked(loadAuth).mockResolvedValue(auth as unknown as Awaited<ReturnType<typeof loadAuth>>);
  Object.values(auth).forEach((fn) => fn.mockClear());
});

const local = testConfig({
  userPoolId: 'us-east-2_LocalPool1',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://127.0.0.1:9229',
});
const input = {
  registrationCode: 'beta-r2-2024',
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@northbridge.example',
  companyName: 'Northbridge Staffing',
  phoneNumber: '+1 (555) 010-0142',
  password: 'placements-2024',
};

describe('the invitation sign-up contract', () => {
  it('signs up with every detail as a user attribute (as the triggers expect) and the code in client metadata too', async () => {
    await expect(
      createAmplifyInviteSignupApi(local).signUp({
        ...input,
        email: ' Priya@Northbridge.example ',
        registrationCode: ' beta-r2-2024 ',
      }),
    ).resolves.toEqual({
      username: 'priya@northbridge.example',
      needsConfirmation: true,
    });
    expect(auth.signUp).toHaveBeenCalledWith({
      username: 'priya@northbridge.example',
      password: 'placements-2024',
      options: {
        userAttributes: {
          email: 'priya@northbridge.example',
          given_name: 'Priya',
          family_name: 'Raman',
          phone_number: '+15550100142',
          'custom:companyName': 'Northbridge Staffing',
          'custom:registrationCode': 'BETA-R2-2024',
        },
        clientMetadata: { registrationCode: 'BETA-R2-2024' },
      },
    });
  });

  it('leaves the phone attribute out when no phone was given', async () => {
    await createAmplifyInviteSignupApi(local).signUp({ ...input, phoneNumber: '' });
    expect(auth.signUp.mock.calls[0]?.[0].options.userAttributes).not.toHaveProperty('phone_number');
  });

  it('confirms with the registration code in client metadata, and resends codes', async () => {
    const api = createAmplifyInviteSignupApi(local);
    await api.confirmSignUp('priya@northbridge.example', '123456', 'beta-r2-2024');
    expect(auth.confirmSignUp).toHaveBeenCalledWith({
      username: 'priya@northbridge.example',
      confirmationCode: '123456',
      options: { clientMetadata: { registrationCode: 'BETA-R2-2024' } },
    });
    await api.resendCode('priya@northbridge.example');
    expect(auth.resendSignUpCode).toHaveBeenCalledWith({ username: 'priya@northbridge.example' });
  });

  it('signs in with USER_PASSWORD_AUTH locally and with the default flow in AWS', async () => {
    await expect(createAmplifyInviteSignupApi(local).signIn('priya@northbridge.example', 'placements-2024')).resolves.toBe('done');
    expect(auth.signIn).toHaveBeenLastCalledWith({
      username: 'priya@northbridge.example',
      password: 'placements-2024',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const aws = testConfig({ userPoolId: 'us-east-2_Abc', userPoolClientId: 'client123' });
    await createAmplifyInviteSignupApi(aws).signIn('priya@northbridge.example', 'placements-2024');
    expect(auth.signIn).toHaveBeenLastCalledWith({
      username: 'priya@northbridge.example',
      password: 'placements-2024',
      options: {},
    });
  });

  it('ends a leftover session before signing in over it', async () => {
    auth.signIn.mockRejectedValueOnce(cognitoError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'));
    await expect(createAmplifyInviteSignupApi(local).signIn('priya@northbridge.example', 'placements-2024')).resolves.toBe('done');
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledTimes(2);
  });

  it('recognises the pre-sign-up trigger’s refusal of the registration code', () => {
    expect(
      isRegistrationCodeError(
        cognitoError('UserLambdaValidationException', 'PreSignUp failed with error REGISTRATION_CODE_INVALID: Unknown code.'),
      ),
    ).toBe(true);
    expect(isRegistrationCodeError(cognitoError('UsernameExistsException', 'User already exists'))).toBe(false);
  });

  it('reads the triggers’ other refusals as messages for people', () => {
    const refusal = signUpRefusal(
      cognitoError(
        'UserLambdaValidationException',
        'PreSignUp failed with error SIGN_UP_UNAVAILABLE: We could not complete your sign-up right now. Please try again shortly.',
      ),
    );
    expect(refusal?.message).toBe('We could not complete your sign-up right now. Please try again shortly.');
    expect(signUpRefusal(cognitoError('CodeMismatchException'))).toBeUndefined();
  });
});
