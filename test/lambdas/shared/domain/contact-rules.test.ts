import {
  CONTACT_LIMITS,
  regExpFullMatch,
  validateContactInput,
  type ContactField,
  type ContactInputFields,
} from '../../../../lambdas/shared/domain/contact-rules';

const VALID = {
  name: 'Ana Souza',
  email: 'ana.souza@brightstaffing.com',
  phoneNumber: '+1 555 010 0199',
  message: 'We place 40 nurses a month and would like a demo of the screening questions.',
};

const check = (input: ContactInputFields) => validateContactInput(input, regExpFullMatch);
const fieldsIn = (input: ContactInputFields): ContactField[] => check(input).map((error) => error.field);

describe('contact message rules', () => {
  it('accepts a complete, ordinary message', () => {
    expect(check(VALID)).toEqual([]);
  });

  it('accepts names from many languages and with common punctuation', () => {
    for (const name of ["Seán O'Brien-Núñez", 'José María Aznar Jr.', '李小龍', 'Zoë “Zo” Müller', 'Dr. A. K. Singh, PhD']) {
      expect(fieldsIn({ ...VALID, name })).toEqual([]);
    }
  });

  it('treats the phone number as optional', () => {
    expect(check({ ...VALID, phoneNumber: undefined })).toEqual([]);
    expect(check({ ...VALID, phoneNumber: null })).toEqual([]);
    expect(check({ ...VALID, phoneNumber: '' })).toEqual([]);
    expect(check({ ...VALID, phoneNumber: '   ' })).toEqual([]);
  });

  it('accepts phone numbers written the usual ways', () => {
    for (const phoneNumber of ['5550100', '+44 (20) 7946-0958', '555.010.0199', '(555) 010 0199']) {
      expect(fieldsIn({ ...VALID, phoneNumber })).toEqual([]);
    }
  });

  it('requires name, email and message, and reports them in form order with a message each', () => {
    expect(check({ phoneNumber: '+1 555 010 0199' })).toEqual([
      { field: 'name', message: 'Please enter your name.' },
      { field: 'email', message: 'Please enter your email address.' },
      { field: 'message', message: 'Please enter a message.' },
    ]);
  });

  it('treats whitespace-only fields as empty', () => {
    expect(fieldsIn({ name: '   ', email: '\t', message: ' \n ' })).toEqual(['name', 'email', 'message']);
  });

  it.each([
    'ana',
    'ana@',
    '@agency.com',
    'ana@agency',
    'ana@agency.c',
    'ana @agency.com',
    'ana@agency..com',
    'ana@-agency.com',
    'ana@agency.com.',
    'ana@agency.com\nBcc: all@agency.com',
  ])('refuses the bad email %j', (email) => {
    expect(check({ ...VALID, email })).toEqual([{ field: 'email', message: 'Please enter a valid email address, like name@company.com.' }]);
  });

  it.each(['12345', '555-CALL-NOW', '+1 555 010 0199 ext. 12', '++15550100199', '1'.repeat(CONTACT_LIMITS.phoneNumber + 1)])(
    'refuses the bad phone number %j',
    (phoneNumber) => {
      expect(fieldsIn({ ...VALID, phoneNumber })).toEqual(['phoneNumber']);
    },
  );

  describe('length limits', () => {
    it('accepts each field at its limit (after trimming) and refuses one character more', () => {
      const atLimit = {
        name: `  ${'a'.repeat(CONTACT_LIMITS.name)}  `,
        email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(CONTACT_LIMITS.email - 64 - 1 - 63 - 1 - 63 - 1)}`,
        message: 'm'.repeat(CONTACT_LIMITS.message),
      };
      expect(atLimit.email).toHaveLength(CONTACT_LIMITS.email);
      expect(check(atLimit)).toEqual([]);

      expect(check({ ...VALID, name: 'a'.repeat(CONTACT_LIMITS.name + 1) })).toEqual([
        { field: 'name', message: 'Name must be at most 100 characters.' },
      ]);
      expect(fieldsIn({ ...VALID, email: `x${atLimit.email}` })).toEqual(['email']);
      expect(check({ ...VALID, message: 'm'.repeat(CONTACT_LIMITS.message + 1) })).toEqual([
        { field: 'message', message: 'Message must be at most 5000 characters.' },
      ]);
    });
  });

  describe('injection attempts', () => {
    it.each([
      '<script>alert(1)</script>',
      'Hello <img src=x onerror=alert(1)>',
      '</textarea><svg onload=alert(1)>',
      '<!-- hidden -->',
      '<?php system("id"); ?>',
      'Click <a href="javascript:alert(1)">here</a>',
    ])('refuses markup in the message: %j', (message) => {
      expect(check({ ...VALID, message })).toEqual([{ field: 'message', message: 'Message cannot contain HTML or script markup.' }]);
    });

    it.each([
      'We have < a dozen recruiters and <3 your product',
      'Budget is <5k, margin > 20%',
      'Use {"$gt":""} as the filter?',
      "Robert'); DROP TABLE contacts;--",
    ])('keeps plain text that only looks suspicious in the message: %j', (message) => {
      expect(check({ ...VALID, message })).toEqual([]);
    });

    it.each([
      '<script>alert(1)</script>',
      '{"$gt":""}',
      "Robert'); DROP TABLE contacts;--",
      '${jndi:ldap://evil/a}',
      '[[7*7]]',
      'Ana `id`',
      'Ana\\Souza',
    ])('refuses symbols used for injection in the name: %j', (name) => {
      expect(fieldsIn({ ...VALID, name })).toEqual(['name']);
    });

    it('refuses values that are not strings (NoSQL operator objects, numbers, arrays)', () => {
      expect(
        check({
          name: { $ne: null },
          email: { $gt: '' },
          phoneNumber: { $exists: true },
          message: ['<script>'],
        } as unknown as ContactInputFields),
      ).toEqual([
        { field: 'name', message: 'Please enter your name.' },
        { field: 'email', message: 'Please enter your email address.' },
        { field: 'phoneNumber', message: 'Please enter a valid phone number, like +1 555 010 0199.' },
        { field: 'message', message: 'Please enter a message.' },
      ]);
      expect(fieldsIn({ ...VALID, phoneNumber: 5550100199 })).toEqual(['phoneNumber']);
    });

    it.each([
      ['NUL', '\u0000'],
      ['bell', '\u0007'],
      ['escape (terminal sequences)', '\u001b[31m'],
      ['DEL', '\u007f'],
      ['C1 control CSI', '\u009b'],
      ['C1 next line', '\u0085'],
    ])('refuses the control character %s in name and message', (_label, control) => {
      expect(fieldsIn({ ...VALID, name: `Ana${control}Souza`, message: `Hello${control}there` })).toEqual(['name', 'message']);
    });

    it('allows line breaks and tabs in the message, but not in the name', () => {
      expect(fieldsIn({ ...VALID, message: 'Line one\r\nLine two\n\tIndented' })).toEqual([]);
      expect(fieldsIn({ ...VALID, name: 'Ana\nSouza' })).toEqual(['name']);
    });
  });
});
