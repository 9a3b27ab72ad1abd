import fc from 'fast-check';
import { scrubSensitive } from '../../../../lambdas/assistant/domain/sensitive-data';
import { SAMPLE_JOBS, SENIOR_BACKEND_ENGINEER } from '../../../../lambdas/assistant/samples/sample-jobs';

describe('removing sensitive data from a requisition', () => {
  it.each(SAMPLE_JOBS.map((job) => [job.id, job] as const))(
    'removes every planted item of %s and lists each category it removed',
    (_id, job) => {
      const { text, removed } = scrubSensitive(job.description, { clientNames: job.clientNames, companyInfo: job.companyInfo });
      const lower = text.toLowerCase();
      for (const planted of job.plantedSensitive)
        expect([planted.category, planted.text, lower.includes(planted.text.toLowerCase())]).toEqual([
          planted.category,
          planted.text,
          false,
        ]);
      expect(new Set(removed.map((r) => r.category))).toEqual(new Set(job.plantedSensitive.map((p) => p.category)));
      for (const item of removed) expect(item.reason.length).toBeGreaterThan(20);
    },
  );

  it('says what it removed from the backend requisition, and why', () => {
    const { removed } = scrubSensitive(SENIOR_BACKEND_ENGINEER.description, {
      clientNames: SENIOR_BACKEND_ENGINEER.clientNames,
      companyInfo: SENIOR_BACKEND_ENGINEER.companyInfo,
    });
    expect(removed.map((r) => [r.category, r.text])).toEqual([
      ['client-name', 'Brightledger Financial'],
      ['client-name', 'PayHarbor'],
      ['identifying-detail', '410 N Wells St, Suite 800, Chicago, IL 60654'],
      [
        'identifying-detail',
        'The payments platform team is rebuilding its settlement and ledger services under Project Falcon, an internal program to move the legacy monolith to event-driven microservices.',
      ],
      ['internal-note', 'Internal notes – do not share'],
      ['rate-or-margin', 'Bill rate $118/hr, pay rate $84/hr W2 (28.8% margin).'],
      ['rate-or-margin', 'Client fee 20% for a permanent placement.'],
      ['contact', 'Hiring manager: Dana Whitfield, VP Engineering – dana.whitfield@brightledger.com, +1 (312) 555-0148.'],
      ['internal-note', 'Internal: the client lost two finalists to counteroffers last quarter; ask about notice periods early.'],
      ['internal-note', 'Do not share the client name before the first phone screen.'],
    ]);
    expect(removed[0].reason).toBe(
      'The client’s name or brand tells candidates and competitors who is hiring before the client agrees to it.',
    );
  });

  it.each(SAMPLE_JOBS.filter((job) => job.description.includes('\n- ')).map((job) => [job.id, job] as const))(
    'keeps the substance of %s: every responsibility and requirement line without sensitive data stays word for word',
    (_id, job) => {
      const { text } = scrubSensitive(job.description, { clientNames: job.clientNames, companyInfo: job.companyInfo });
      const bullets = job.description
        .split('\n')
        .filter((l) => l.startsWith('- ') && !job.plantedSensitive.some((p) => l.toLowerCase().includes(p.text.toLowerCase())));
      expect(bullets.length).toBeGreaterThan(10);
      for (const bullet of bullets) expect(text).toContain(bullet);
    },
  );

  it('keeps the substance of a requisition written as prose', () => {
    const job = SAMPLE_JOBS.find((j) => j.id === 'logistics-coordinator');
    const { text } = scrubSensitive(job?.description ?? '', { clientNames: job?.clientNames ?? [], companyInfo: job?.companyInfo ?? '' });
    expect(text).toContain('tracks every load in our TMS until delivery');
    expect(text).toContain('You must have at least 2 years of experience in freight brokerage, transportation or 3PL operations.');
    expect(text).toContain('Our client is a third-party logistics provider');
  });

  it('names the client neutrally, possessives included, and finds names the recruiter did not list', () => {
    const { text, removed } = scrubSensitive(
      'Acme Robotics is a warehouse automation company.\nYou will own Acme’s fleet software and report into the Acme Robotics platform group. Contact Jane Doe at jane.doe@acme.io or +44 20 7946 0958.',
      { clientNames: [], companyInfo: 'Client: Acme Robotics' },
    );
    expect(text).toBe(
      'Our client is a warehouse automation company.\nYou will own our client’s fleet software and report into the platform group.',
    );
    // The person, the e-mail and the phone each listed with the kind of identifier it was.
    expect(removed.map((r) => [r.category, r.identifier ?? null])).toEqual([
      ['client-name', null],
      ['contact', 'person-name'],
      ['contact', 'email'],
      ['contact', 'phone'],
      ['client-name', null],
    ]);
  });

  it('cuts a UK postcode and a US ZIP code out of a sentence that stays', () => {
    expect(
      scrubSensitive('Our office near EC1A 1BB is easy to reach; the Austin, TX 78701 site too.', { clientNames: [], companyInfo: '' }),
    ).toEqual({
      text: 'Our office near is easy to reach; the Austin, TX site too.',
      removed: [
        expect.objectContaining({ category: 'identifying-detail', text: 'EC1A 1BB' }),
        expect.objectContaining({ category: 'identifying-detail', text: '78701' }),
      ],
    });
  });

  it('handles a UK contract requisition: a client named in passing, a quoted programme name, a day rate, a UK address and phone', () => {
    const description = [
      'Our client, Fenwick & Hale Insurance, is modernising its claims data platform. The work sits within the confidential "Atlas" programme and is based at their Leeds office, 1 Wellington Place, Leeds LS1 4AP.',
      '- Build batch and streaming pipelines in Python and PySpark on Databricks',
      'Rate: £550/day outside IR35 (client budget up to £600 — margin £50/day). Hiring manager is Tom Ashworth, Head of Data (tom.ashworth@fenwickhale.co.uk, 0113 496 0123).',
      'Also talk to Tom Ashworth about the Fenwick & Hale graduate scheme.',
    ].join('\n');
    const { text, removed } = scrubSensitive(description, { clientNames: [], companyInfo: '' });
    // The contractor's day rate is what the candidate is paid: it stays; the client's budget and the margin go.
    expect(text).toBe(
      'Our client is modernising its claims data platform.\n- Build batch and streaming pipelines in Python and PySpark on Databricks\nRate: £550/day outside IR35.\nAlso talk about the graduate scheme.',
    );
    expect(removed.map((r) => [r.category, r.text])).toEqual([
      ['identifying-detail', '1 Wellington Place, Leeds LS1 4AP'],
      ['client-name', 'Fenwick & Hale Insurance'],
      ['identifying-detail', 'The work sits within the confidential "Atlas" programme and is based at their Leeds office.'],
      ['contact', 'Tom Ashworth'],
      ['contact', 'tom.ashworth@fenwickhale.co.uk'],
      ['contact', '0113 496 0123'],
      ['rate-or-margin', 'client budget up to £600 — margin £50/day'],
      ['client-name', 'Fenwick & Hale'],
    ]);
  });

  it('leaves ordinary text alone, money in a requirement and a sign-on bonus included', () => {
    const text =
      'Build APIs in Go, Python and Java.\n- 5+ years of experience\n- Managed a $2M budget\n- Contact center experience\n$5,000 sign-on bonus.';
    expect(scrubSensitive(text, { clientNames: [], companyInfo: '' })).toEqual({ text, removed: [] });
  });

  it.each([
    ['Pay: $45-$52/hr depending on experience.'],
    ['Salary: $90,000 - $110,000 DOE.'],
    ['Night shift differential of $4/hr on top of base pay.'],
    ['Tuition and licence fees reimbursed after 90 days.'],
    ['Apply at https://careers.example.org/jobs/4471 by Friday.'],
  ])('keeps %j: pay-transparency laws require the pay, and benefits and the apply link are for candidates', (sentence) => {
    const text = `Build APIs in Java.\n${sentence}`;
    expect(scrubSensitive(text, { clientNames: [], companyInfo: '' })).toEqual({ text, removed: [] });
  });

  it.each([
    ['Call Priya on 020 7946 0958 with questions.', ['Priya', '020 7946 0958']],
    ['Or call +44 20 7946 0958.', ['+44 20 7946 0958']],
    ['Send CVs to jobs@example.com today.', ['jobs@example.com']],
  ])('removes the lead-in %j with its contact details, each listed as contact', (sentence, identifiers) => {
    const result = scrubSensitive(`Build APIs in Java.\n${sentence}`, { clientNames: [], companyInfo: '' });
    expect(result.text).toBe('Build APIs in Java.');
    expect(result.removed.map((r) => [r.category, r.text])).toEqual(identifiers.map((i) => ['contact', i]));
  });

  it('keeps the other words of a bullet that holds an e-mail address', () => {
    const { text, removed } = scrubSensitive(
      '- Questions about the night differential or parking? E-mail lena.marsh@example.com and we answer within a day.',
      { clientNames: [], companyInfo: '' },
    );
    expect(text).toBe('- Questions about the night differential or parking? E-mail and we answer within a day.');
    expect(removed).toEqual([expect.objectContaining({ category: 'contact', identifier: 'email', text: 'lena.marsh@example.com' })]);
  });

  it.each([
    ['Pay $31/hr; bill rate $46/hr.', 'Pay $31/hr.', 'rate-or-margin'],
    ['Great team (CLIENT CONFIDENTIAL) with modern equipment.', 'Great team with modern equipment.', 'internal-note'],
    ['Day shift, 7a-7p - do not name the client to candidates.', 'Day shift, 7a-7p.', 'internal-note'],
    ['Onsite parking; don’t disclose the hospital until the interview.', 'Onsite parking.', 'internal-note'],
  ])('cuts only the agency clause out of %j', (sentence, expected, category) => {
    const { text, removed } = scrubSensitive(sentence, { clientNames: [], companyInfo: '' });
    expect(text).toBe(expected);
    expect(removed.map((r) => r.category)).toEqual([category]);
  });

  it.each([
    ['We bill this one at 95/hr and pay 70/hr.', 'rate-or-margin'],
    ['We charge a 25% placement fee.', 'rate-or-margin'],
    ['Confidential: the incumbent does not know yet.', 'internal-note'],
    ['The role supports Project Bluebird, which is not yet public.', 'identifying-detail'],
  ])('removes %j as %s', (sentence, category) => {
    const result = scrubSensitive(`Build APIs in Java.\n${sentence}`, { clientNames: [], companyInfo: '' });
    expect(result).toEqual({ text: 'Build APIs in Java.', removed: [expect.objectContaining({ category, text: sentence })] });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }), (text, clientNames) => {
        const result = scrubSensitive(text, { clientNames, companyInfo: text.slice(0, 100) });
        expect(typeof result.text).toBe('string');
      }),
      { numRuns: 200 },
    );
    expect(scrubSensitive('Client: '.repeat(2500), { clientNames: ['('], companyInfo: '' }).text.length).toBeLessThan(20_001);
  });
});
