import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { customMessageFor } from './custom-messages';
import { cognitoTrigger } from './sign-up-errors';

/**
 * Cognito CustomMessage trigger: the product's own subject and body for each event that e-mails a
 * code (custom-messages.ts). The event's `codeParameter` (and `usernameParameter` for an
 * invitation) are Cognito's placeholders: the texts use them, Cognito fills them in. Any other
 * source keeps Cognito's message (the event is returned unchanged).
 */
export const handler = cognitoTrigger<CustomMessageTriggerEvent>('CustomMessage', async (event) => {
  const text = customMessageFor(event.triggerSource);
  if (!text) return event;
  const code = event.request.codeParameter ?? '{####}';
  const username = event.request.usernameParameter ?? '{username}';
  const fill = (template: string) => template.split('{####}').join(code).split('{username}').join(username);
  event.response.emailSubject = text.subject;
  event.response.emailMessage = fill(text.body);
  return event;
});
