import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { lazily } from '../shared/lazily';
import { createLogger } from '../shared/logger';
import { completeRegistration } from './registration-completion';
import { postConfirmationDependenciesFromEnvironment, type PostConfirmationDependencies } from './post-confirmation-dependencies';
import { cognitoTrigger } from './sign-up-errors';

/**
 * Cognito PostConfirmation trigger. After ConfirmSignUp (`PostConfirmation_ConfirmSignUp`): counts
 * the registration code's use, creates the User record and adds the person to the code's group
 * (`registration-completion.ts`; idempotent, so a retry changes nothing twice). After a password
 * reset (`PostConfirmation_ConfirmForgotPassword`) it does nothing.
 */

const logger = createLogger({ component: 'post-confirmation' });

export function createPostConfirmationHandler(dependencies: () => PostConfirmationDependencies, now?: () => Date) {
  return cognitoTrigger<PostConfirmationTriggerEvent>('PostConfirmation', async (event) => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const deps = dependencies();
    const outcome = await completeRegistration(
      { codes: deps.codes, users: deps.users, directory: deps.directoryFor(event.userPoolId), now },
      { username: event.userName, userAttributes: event.request.userAttributes ?? {}, clientMetadata: event.request.clientMetadata },
    );
    logger.info('Registration completed', { ...outcome });
    return event;
  });
}

export const handler = createPostConfirmationHandler(lazily(postConfirmationDependenciesFromEnvironment));
