import {
  ACTIVITY_DETAIL_MAX_LENGTH,
  ACTIVITY_RETENTION_DAYS,
  activityEntry,
  isActivityKept,
  safeActivityDetails,
  type ActivityInput,
} from '../../../../lambdas/shared/domain/activity';

const NOW = new Date('2026-11-27T09:30:00.000Z');
const INVITED: ActivityInput = {
  organizationId: 'org-a',
  actorId: 'user-owner',
  action: 'member.invited',
  subject: { kind: 'invitation', id: 'sam@example.com' },
  details: { role: 'recruiter' },
};

describe('activity entries', () => {
  it('stamps the time, an id that sorts by time and the expiry of the retention period', () => {
    const made = activityEntry(INVITED, NOW, 'r1');
    expect(made).toEqual({
      ok: true,
      entry: {
        organizationId: 'org-a',
        entryId: '2026-11-27T09:30:00.000Z#r1',
        at: '2026-11-27T09:30:00.000Z',
        actorId: 'user-owner',
        action: 'member.invited',
        subject: { kind: 'invitation', id: 'sam@example.com' },
        details: { role: 'recruiter' },
        ttl: Date.parse('2026-11-27T09:30:00.000Z') / 1000 + ACTIVITY_RETENTION_DAYS * 86_400,
      },
    });
  });

  it('keeps an entry until its retention ends, and not after', () => {
    const made = activityEntry(INVITED, NOW, 'r1');
    if (!made.ok) throw new Error(made.problem);
    const day = 86_400_000;
    expect(isActivityKept(made.entry, new Date(NOW.getTime() + (ACTIVITY_RETENTION_DAYS - 1) * day))).toBe(true);
    expect(isActivityKept(made.entry, new Date(NOW.getTime() + ACTIVITY_RETENTION_DAYS * day))).toBe(false);
  });

  it('refuses an unknown action, a bad subject and a missing firm or actor', () => {
    expect(activityEntry({ ...INVITED, action: 'member.deleted' as never }, NOW, 'r')).toEqual({
      ok: false,
      problem: 'unknown action member.deleted',
    });
    expect(activityEntry({ ...INVITED, subject: { kind: 'candidate' as never, id: 'c1' } }, NOW, 'r')).toEqual({
      ok: false,
      problem: 'bad subject',
    });
    expect(activityEntry({ ...INVITED, subject: { kind: 'member', id: ' ' } }, NOW, 'r')).toEqual({ ok: false, problem: 'bad subject' });
    expect(activityEntry({ ...INVITED, organizationId: '' }, NOW, 'r')).toEqual({ ok: false, problem: 'no organization' });
    expect(activityEntry({ ...INVITED, actorId: ' ' }, NOW, 'r')).toEqual({ ok: false, problem: 'no actor' });
  });

  it('keeps only the allowed detail keys with short scalar values: no secrets, no candidate text', () => {
    const details = safeActivityDetails({
      vendor: 'greenhouse',
      jobs: 12,
      skipped: 0,
      outcome: true,
      apiKey: 'secret-key',
      resumeText: 'Ten years of nursing',
      candidates: Number.NaN,
      jobTitle: `  Senior\n  nurse ${'x'.repeat(200)}`,
      role: { nested: 'object' },
      planCode: '   ',
    });
    expect(details).toEqual({
      vendor: 'greenhouse',
      jobs: 12,
      skipped: 0,
      outcome: true,
      jobTitle: `Senior nurse ${'x'.repeat(200)}`.slice(0, ACTIVITY_DETAIL_MAX_LENGTH),
    });
  });
});
