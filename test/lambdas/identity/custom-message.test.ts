import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { handler } from '../../../lambdas/identity/custom-message';
import { CUSTOM_MESSAGE_SOURCES } from '../../../lambdas/identity/custom-messages';

/** A CustomMessage event as Cognito sends it (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-lambda-custom-message.html). */
function customMessageEvent(triggerSource: string): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-2',
    userPoolId: 'us-east-2_example',
    userName: 'ana@example.com',
    callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'client' },
    triggerSource: triggerSource as CustomMessageTriggerEvent['triggerSource'],
    request: { userAttributes: { email: 'ana@example.com' }, codeParameter: '{####}', usernameParameter: '{username}', linkParameter: '' },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('the CustomMessage trigger', () => {
  it.each(CUSTOM_MESSAGE_SOURCES)('%s: the product’s own subject, and a body with the code placeholder', async (source) => {
    const { response } = await handler(customMessageEvent(source));

    expect(response.emailSubject).toEqual(expect.any(String));
    expect(response.emailSubject).not.toBe('Verify your new account');
    expect(response.emailMessage).toContain('{####}');
  });

  it('says a password reset is a password reset, not a new account', async () => {
    const { response } = await handler(customMessageEvent('CustomMessage_ForgotPassword'));

    expect(response.emailSubject).toBe('Reset your password');
    expect(response.emailMessage).toMatch(/reset the password/);
    expect(response.emailMessage).not.toMatch(/new account/i);
  });

  it('gives an invitation the user name and the temporary password placeholders Cognito requires', async () => {
    const { response } = await handler(customMessageEvent('CustomMessage_AdminCreateUser'));

    expect(response.emailSubject).toBe('You are invited to your recruiting assistant');
    expect(response.emailMessage).toContain('{username}');
    expect(response.emailMessage).toContain('{####}');
  });

  it('gives each event its own subject', async () => {
    const subjects = await Promise.all(
      ['CustomMessage_SignUp', 'CustomMessage_ForgotPassword', 'CustomMessage_AdminCreateUser'].map(
        async (source) => (await handler(customMessageEvent(source))).response.emailSubject,
      ),
    );
    expect(new Set(subjects).size).toBe(3);
  });

  it('leaves Cognito’s message for a source it does not write (an authentication code)', async () => {
    const { response } = await handler(customMessageEvent('CustomMessage_Authentication'));

    expect(response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});
