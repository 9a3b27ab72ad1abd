import { passesIbanCheck, passesLuhn } from '../../../../../lambdas/assistant/domain/redaction/checksums';
import { identifiersIn } from '../../../../../lambdas/assistant/domain/redaction/identifiers';
import { peopleNamedIn, personNameSpans } from '../../../../../lambdas/assistant/domain/redaction/person-names';

const found = (text: string) => identifiersIn(text).map((s) => [s.kind, s.text]);

describe('personal identifiers found by their shape', () => {
  it('checks payment cards with Luhn and IBANs with mod 97, so a long reference number is not one', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesIbanCheck('GB82WEST12345698765432')).toBe(true);
    expect(passesIbanCheck('GB82WEST12345698765433')).toBe(false);
    expect(found('Card on file: 4111 1111 1111 1111.')).toEqual([['payment-card', '4111 1111 1111 1111']]);
    expect(found('Wire to DE89 3704 0044 0532 0130 00 AND confirm.')).toEqual([['iban', 'DE89 3704 0044 0532 0130 00']]);
    expect(found('PO 4111-1111-1111-1112 shipped')).not.toContainEqual(['payment-card', expect.anything()]);
  });

  it.each([
    ['Her SSN is 219-09-9999.', 'ssn', '219-09-9999'],
    ['Server at 10.20.30.40/24 is down', 'ip-address', '10.20.30.40/24'],
    ['Reach the unit at fe80::1ff:fe23:4567:890a today', 'ip-address', 'fe80::1ff:fe23:4567:890a'],
    ['Mobile: +33 1 45 67 89 10', 'phone', '+33 1 45 67 89 10'],
    ['Desk +44 (0)161 496 0732 ext 12', 'phone', '+44 (0)161 496 0732 ext 12'],
    ['Call 0161 496 0732 after 5', 'phone', '0161 496 0732'],
    ['Ring (02) 9374 4000 for details', 'phone', '(02) 9374 4000'],
    ['Write to lena (at) example (dot) org', 'email', 'lena (at) example (dot) org'],
    ['See github.com/lenamarsh for samples', 'link-or-handle', 'github.com/lenamarsh'],
    ['DM @lena_marsh on X', 'link-or-handle', '@lena_marsh'],
  ])('finds in %j the %s', (text, kind, value) => {
    expect(found(text)).toContainEqual([kind, value]);
  });

  it.each([
    'Pay $19.55 - $22.40 per hour, 2024-2025 school year',
    'Shifts 6am-2:30pm, 12-hour nights, 401(k) with 4% match',
    'Started 2003-08-28 at 12:20:39',
    'Lift up to 50 lbs; 3 years of experience; 2 CFR 200 compliance',
    'Call volume of 80 - 100 per day',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('takes an address with its unit, town and postcode, over several lines too', () => {
    expect(found('Office: 2716 Alder Crescent, Suite 300, Halifax NS 12345')).toEqual([
      ['street-address', '2716 Alder Crescent, Suite 300, Halifax NS 12345'],
    ]);
    expect(found('Mail to:\n88 Rua das Flores 12\nApt. 4\nPorto\n\nPortugal 4050\nResponsibilities')).toEqual([
      ['street-address', '88 Rua das Flores 12\nApt. 4\nPorto\n\nPortugal 4050'],
    ]);
    expect(found('Based at Lindenstrasse 14, Kassel')).toContainEqual(['street-address', 'Lindenstrasse 14, Kassel']);
  });

  it('reads international address orders: a building number before the house number, a region in brackets, lowercase text', () => {
    // Digits that run into a street are its numbers, not a phone.
    expect(found('>4410 12 rue des Tilleuls\n>Apt. 8\n>Lyon\n>France 69003')).toEqual([
      ['street-address', '4410 12 rue des Tilleuls\n>Apt. 8\n>Lyon\n>France 69003'],
    ]);
    expect(found('Post to 17 Odos Ermou 5\n Suite 2\n Nicosia (South)\n Cyprus (Greek) 1010')).toEqual([
      ['street-address', '17 Odos Ermou 5\n Suite 2\n Nicosia (South)\n Cyprus (Greek) 1010'],
    ]);
    expect(found('Visit us on Váci fejedelem útja 12. in the centre')).toContainEqual(['street-address', 'Váci fejedelem útja 12.']);
    expect(found('drop it at 58 hämeentie 4, vantaa, finland')).toContainEqual(['street-address', '58 hämeentie 4, vantaa, finland']);
    expect(found('forward my mail to uss halvorsen\nfpo ap 96601 please').map(([kind]) => kind)).toContain('street-address');
  });

  it('does not read counts and channels as streets', () => {
    for (const text of ['Send 2 via the portal and 3 via e-mail.', 'Support 24/7 via chat.', 'Seats for 4 place settings.'])
      expect(found(text).filter(([kind]) => kind === 'street-address')).toEqual([]);
  });
});

describe('people named in a text', () => {
  const names = (text: string) => personNameSpans(text, peopleNamedIn(text)).map((s) => s.text);

  it.each([
    ['Hiring manager: Odile Fournier', ['Odile Fournier']],
    ['Questions? Ask for Ms. Okonkwo at the front desk.', ['Okonkwo']],
    ['Regards,\nTeodor Brankov', ['Teodor Brankov']],
    ['Interview with Hanne K. Solbakken on Monday', ['Hanne K. Solbakken']],
    ['Referred by Dagny Ragnarsdóttir', ['Dagny Ragnarsdóttir']],
    ['Maria will train you; Maria Lindqvist runs the unit.', ['Maria', 'Maria Lindqvist']],
  ])('finds the person in %j', (text, expected) => {
    expect(names(text)).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    'Class A Driver needed for regional routes',
    'Per Diem Employees receive holiday pay',
    'Float between St. Joseph and Mercy hospitals',
    'Employee Assistance Program and Employee Referral Bonus',
    'Grace period of 30 days; Will you work weekends?',
  ])('finds no person in %j', (text) => {
    expect(names(text)).toEqual([]);
  });
});
