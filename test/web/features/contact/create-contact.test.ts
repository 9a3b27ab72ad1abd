/** @jest-environment ./test/support/backend-environment.js */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { CREATE_CONTACT_MUTATION, ContactSubmitError, toContactSubmitError } from '../../../../web/src/features/contact/api/create-contact';

describe('the createContact call', () => {
  it('is a valid operation against graphql/schema.graphql', () => {
    const appSyncPrelude = `
      scalar AWSDateTime
      directive @aws_api_key on OBJECT | FIELD_DEFINITION
      directive @aws_cognito_user_pools(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION
    `;
    const sdl = readFileSync(join(__dirname, '../../../../graphql/schema.graphql'), 'utf8');
    const schema = buildSchema(appSyncPrelude + sdl);
    expect(validate(schema, parse(CREATE_CONTACT_MUTATION))).toEqual([]);
  });
});

describe('reading why a contact message was not stored', () => {
  it('takes the field messages of an AppSync ValidationError given as an object', () => {
    const error = toContactSubmitError({
      data: { createContact: null },
      errors: [
        {
          message: 'Invalid contact message.',
          errorType: 'ValidationError',
          errorInfo: { fields: { email: 'Please enter a valid email address.', message: 'Message cannot contain HTML.', id: 'x' } },
        },
      ],
    });
    expect(error).toBeInstanceOf(ContactSubmitError);
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Invalid contact message.');
    expect(error.fieldErrors).toEqual({ email: 'Please enter a valid email address.', message: 'Message cannot contain HTML.' });
  });

  it('takes the field messages of a ValidationError given as a list', () => {
    const error = toContactSubmitError({
      errors: [
        {
          message: '',
          errorType: 'ValidationError',
          errorInfo: { fields: [{ field: 'phoneNumber', message: 'Please enter a valid phone number.' }] },
        },
      ],
    });
    expect(error.message).toBe('Please correct the highlighted fields.');
    expect(error.fieldErrors).toEqual({ phoneNumber: 'Please enter a valid phone number.' });
  });

  it('recognises a network failure, raw or wrapped by Amplify as a GraphQL error', () => {
    expect(toContactSubmitError(new TypeError('Failed to fetch')).kind).toBe('network');
    const wrapped = { data: {}, errors: [{ message: 'A network error has occurred.', originalError: { name: 'NetworkError' } }] };
    expect(toContactSubmitError(wrapped).kind).toBe('network');
    expect(toContactSubmitError(wrapped).message).toBe('We could not reach our servers. Check your connection and try again.');
  });

  it('treats any other failure as a server error with a message for people', () => {
    const error = toContactSubmitError({
      errors: [{ message: 'You are not authorized to make this call.', errorType: 'UnauthorizedException' }],
    });
    expect(error.kind).toBe('server');
    expect(error.message).toBe('Your message could not be sent. Please try again in a moment.');
    expect(error.cause).toEqual(expect.objectContaining({ errors: expect.any(Array) }));
  });
});
