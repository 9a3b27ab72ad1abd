import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '../../../../web/src/components/ui/notifications';
import { ContactSubmitError, type SubmitContact } from '../../../../web/src/features/contact/api/create-contact';
import { CONTACT_SUCCESS_MESSAGE, ContactForm } from '../../../../web/src/features/contact/components/contact-form';
import { errorOf, fillIn } from '../../support/forms';

function renderForm(submit: SubmitContact = jest.fn().mockResolvedValue(undefined), onFirstInteraction?: () => void) {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm submit={submit} onFirstInteraction={onFirstInteraction} />
      <Notifications />
    </>,
  );
  const field = {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Work email'),
    phoneNumber: screen.getByLabelText(/Phone number/),
    message: screen.getByLabelText('How can we help?'),
  };
  const button = screen.getByRole('button', { name: 'Send message' });
  return { user, field, button, submit };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, field: Record<string, HTMLElement>) {
  await fillIn(user, field.name, '  Dana Whitfield ');
  await fillIn(user, field.email, 'dana@northpeak-staffing.com');
  await user.click(field.message);
  await user.paste('We place 40 nurses a month and use Bullhorn. Can we try the screening questions?');
}

describe('the contact form', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows what is wrong under each field and does not send an empty message', async () => {
    const { user, field, button, submit } = renderForm();

    await user.click(button);

    expect(field.name).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field.name)).toBe('Please enter your name.');
    expect(errorOf(field.email)).toBe('Please enter your email address.');
    expect(errorOf(field.message)).toBe('Please enter a message.');
    expect(field.phoneNumber).not.toHaveAttribute('aria-invalid');
    expect(field.name).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it('checks a field when the visitor leaves it, with the same rules as the server', async () => {
    const { user, field } = renderForm();

    await user.type(field.email, 'dana@');
    await user.tab();
    expect(errorOf(field.email)).toBe('Please enter a valid email address, like name@company.com.');
    expect(field.name).not.toHaveAttribute('aria-invalid');

    await user.type(field.email, 'northpeak.com');
    expect(field.email).not.toHaveAttribute('aria-invalid');
  });

  it('rejects markup in the message and an invalid phone number without calling the API', async () => {
    const { user, field, button, submit } = renderForm();
    await fillValid(user, field);
    await user.type(field.phoneNumber, 'call me');
    await user.clear(field.message);
    await user.type(field.message, 'Hello <script>alert(1)</script>');

    await user.click(button);

    expect(errorOf(field.message)).toBe('Message cannot contain HTML or script markup.');
    expect(errorOf(field.phoneNumber)).toBe('Please enter a valid phone number, like +1 555 010 0199.');
    expect(field.phoneNumber).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends a valid message trimmed, clears the form and confirms with a success toast', async () => {
    const { user, field, button, submit } = renderForm();
    await fillValid(user, field);

    await user.click(button);

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({
      name: 'Dana Whitfield',
      email: 'dana@northpeak-staffing.com',
      message: 'We place 40 nurses a month and use Bullhorn. Can we try the screening questions?',
    });
    expect(await screen.findByText(CONTACT_SUCCESS_MESSAGE)).toBeInTheDocument();
    for (const element of Object.values(field)) expect(element).toHaveValue('');
    expect(field.name).not.toHaveAttribute('aria-invalid');
  });

  it('includes the phone number when one is given', async () => {
    const { user, field, button, submit } = renderForm();
    await fillValid(user, field);
    await user.type(field.phoneNumber, '+1 (512) 555-0147');

    await user.click(button);

    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ phoneNumber: '+1 (512) 555-0147' }));
  });

  it('shows that it is sending and sends only once however often the button is pressed', async () => {
    let finish: () => void = () => undefined;
    const submit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, field, button } = renderForm(submit);
    await fillValid(user, field);

    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Sending…');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Send message');
  });

  it('shows the server’s validation messages on the fields and in an error toast, keeping the input', async () => {
    const submit = jest.fn().mockRejectedValue(
      new ContactSubmitError('validation', 'The message was not stored: some fields are invalid.', {
        email: 'This email domain cannot receive mail.',
      }),
    );
    const { user, field, button } = renderForm(submit);
    await fillValid(user, field);

    await user.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent('The message was not stored: some fields are invalid.');
    expect(field.email).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field.email)).toBe('This email domain cannot receive mail.');
    expect(field.email).toHaveFocus();
    expect(field.name).toHaveValue('  Dana Whitfield ');
    expect(consoleError).toHaveBeenCalled();

    await user.type(field.email, 'x');
    expect(field.email).not.toHaveAttribute('aria-invalid');
  });

  it('reads a raw AppSync ValidationError too', async () => {
    const submit = jest.fn().mockRejectedValue({
      data: { createContact: null },
      errors: [
        {
          message: 'Invalid contact message.',
          errorType: 'ValidationError',
          errorInfo: { fields: { name: 'Name must be at most 100 characters.' } },
        },
      ],
    });
    const { user, field, button } = renderForm(submit);
    await fillValid(user, field);

    await user.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid contact message.');
    expect(errorOf(field.name)).toBe('Name must be at most 100 characters.');
  });

  it('tells the visitor when the server cannot be reached, and logs the error', async () => {
    const submit = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, field, button } = renderForm(submit);
    await fillValid(user, field);

    await user.click(button);

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('We could not reach our servers. Check your connection and try again.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network' }));
    expect(field.message).not.toHaveValue('');
    expect(button).toBeEnabled();
  });

  it('reports the first interaction once, so the page can preload the API', async () => {
    const onFirstInteraction = jest.fn();
    const { user, field } = renderForm(undefined, onFirstInteraction);
    await user.click(field.name);
    await user.click(field.email);
    expect(onFirstInteraction).toHaveBeenCalledTimes(1);
  });
});
