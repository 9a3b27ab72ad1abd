import * as fs from 'node:fs';
import * as path from 'node:path';
import { createOutbox, outboxLine, parseOutboxMessageInput, renderOutboxPage } from '../../../local/identity/outbox';
import { temporaryFolder } from '../support/local-services';

/** The local outbox: what a person reads instead of their inbox. */

describe('the outbox', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(() => {
    folder = temporaryFolder('outbox');
  });
  afterEach(() => folder.remove());

  it('prints each message in one line and lists them newest first', () => {
    const printed: string[] = [];
    const outbox = createOutbox({ print: (line) => printed.push(line) });

    outbox.recordOutboxMessage({
      to: 'dana@example.com',
      subject: 'Verify your new account',
      body: 'The verification code to your new account is 123456',
      code: '123456',
      kind: 'verification',
    });
    outbox.recordOutboxMessage({
      to: 'lee@example.com',
      subject: 'Your temporary password',
      body: 'Your username is lee@example.com and temporary password is Tmp#12345678.',
      temporaryPassword: 'Tmp#12345678',
      kind: 'invitation',
    });

    expect(printed).toEqual([
      '✉ to dana@example.com: The verification code to your new account is 123456  [code 123456]',
      '✉ to lee@example.com: Your username is lee@example.com and temporary password is Tmp#12345678.  [temporary password Tmp#12345678]',
    ]);
    expect(outbox.messages().map((message) => message.to)).toEqual(['lee@example.com', 'dana@example.com']);
    expect(outbox.messages()[0]).toMatchObject({
      id: expect.any(String),
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      kind: 'invitation',
    });
  });

  it('keeps its messages in its file across restarts, and clear() empties it', () => {
    const file = path.join(folder.path, 'outbox.json');
    createOutbox({ file }).recordOutboxMessage({ to: 'dana@example.com', subject: 'S', body: 'B', code: '1' });

    const reopened = createOutbox({ file });
    expect(reopened.messages()).toEqual([expect.objectContaining({ to: 'dana@example.com', code: '1', kind: 'other' })]);
    reopened.clear();
    expect(createOutbox({ file }).messages()).toEqual([]);
  });

  it('starts empty from a damaged file, which it sets aside and says so, and keeps at most its limit', () => {
    const file = path.join(folder.path, 'outbox.json');
    fs.writeFileSync(file, '{ not json');
    const lines: string[] = [];
    const outbox = createOutbox({ file, limit: 2, print: (line) => lines.push(line) });

    for (const to of ['a@x.com', 'b@x.com', 'c@x.com']) outbox.recordOutboxMessage({ to, subject: 'S', body: 'B' });

    expect(outbox.messages().map((message) => message.to)).toEqual(['c@x.com', 'b@x.com']);
    const setAside = fs.readdirSync(folder.path).filter((name) => name.startsWith('outbox.json.corrupt-'));
    expect(setAside).toHaveLength(1);
    expect(fs.readFileSync(path.join(folder.path, setAside[0]), 'utf8')).toBe('{ not json');
    expect(lines[0]).toMatch(
      /^The local outbox file .*outbox\.json could not be read .* set aside as .*outbox\.json\.corrupt-.* starts empty\.$/,
    );
  });

  it('renders an escaped, self-refreshing page', () => {
    const outbox = createOutbox();
    outbox.recordOutboxMessage({ to: '<b>@x.com', subject: 'Hi <script>', body: 'a & b', code: '42' });

    const html = renderOutboxPage(outbox.messages());

    expect(html).toContain('<meta http-equiv="refresh" content="3">');
    expect(html).toContain('Hi &#60;script&#62;');
    expect(html).toContain('a &#38; b');
    expect(html).not.toContain('<script>');
    expect(renderOutboxPage([])).toContain('No messages yet.');
  });

  it('validates what handlers post', () => {
    expect(parseOutboxMessageInput({ to: 'a@x.com', subject: 'S', body: 'B', temporaryPassword: 'T' })).toEqual({
      to: 'a@x.com',
      subject: 'S',
      body: 'B',
      temporaryPassword: 'T',
    });
    expect(parseOutboxMessageInput({ to: 'a@x.com', subject: 'S' })).toBe('"body" must be a non-empty string.');
    expect(parseOutboxMessageInput({ to: 'a@x.com', subject: 'S', body: 'B', code: 7 })).toBe('"code" must be a string when present.');
    expect(parseOutboxMessageInput([])).toBe('The body must be a JSON object.');
    expect(outboxLine({ to: 'a@x.com', subject: 'Subject only', body: 'Line one\n  line two' })).toBe(
      '✉ to a@x.com: Line one line two  [Subject only]',
    );
  });
});
