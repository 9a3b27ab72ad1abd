import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityDetails } from '../../../../lambdas/shared/domain/activity';
import {
  ACTIVITY_ACTION_GROUPS,
  activityPersonName,
  activitySentence,
  type ActivityPerson,
} from '../../../../lambdas/shared/domain/activity-sentences';

const DANA: ActivityPerson = { userId: 'dana', firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com' };
const SAM: ActivityPerson = { userId: 'sam', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com' };

function sentence(
  action: ActivityAction,
  details: ActivityDetails = {},
  subject: { kind: string; id: string; person: ActivityPerson | null } | null = null,
) {
  return activitySentence({ action, actor: DANA, subject, details });
}

describe('activity sentences', () => {
  it('says each action in plain words, with its facts', () => {
    expect(sentence('member.invited', { role: 'recruiter' }, { kind: 'invitation', id: 'sam@example.com', person: null })).toBe(
      'Dana Reyes invited sam@example.com as recruiter',
    );
    expect(sentence('ats.synced', { vendor: 'greenhouse', jobs: 4, candidates: 31 })).toBe(
      'Dana Reyes synced the ATS (Greenhouse): 4 jobs, 31 candidates',
    );
    expect(sentence('ats.synced', { jobs: 1, candidates: 1200, skipped: 2 })).toBe(
      'Dana Reyes synced the ATS: 1 job, 1,200 candidates, 2 skipped',
    );
    expect(sentence('member.role_changed', { role: 'admin', previousRole: 'recruiter' }, { kind: 'member', id: 'sam', person: SAM })).toBe(
      'Dana Reyes changed Sam Lee’s role from recruiter to admin',
    );
    expect(sentence('member.removed', {}, { kind: 'member', id: 'sam', person: SAM })).toBe('Dana Reyes removed Sam Lee from the team');
    expect(sentence('seats.changed', { seats: 4, previousSeats: 3 })).toBe('Dana Reyes changed the seats from 3 to 4 seats');
    expect(sentence('ats.connected', { vendor: 'bullhorn' })).toBe('Dana Reyes connected the ATS (Bullhorn)');
    expect(sentence('ats.disconnected')).toBe('Dana Reyes disconnected the ATS');
    expect(sentence('result.generated', { capability: 'screening-questions', jobTitle: 'Nurse' })).toBe(
      'Dana Reyes generated screening questions for “Nurse”',
    );
    expect(sentence('job.deleted', { jobTitle: 'Nurse' })).toBe('Dana Reyes deleted the job “Nurse”');
    expect(sentence('subscription.created', { planCode: 'enterprise_monthly', quantity: 3 })).toBe(
      'Dana Reyes subscribed to enterprise_monthly with 3 seats',
    );
  });

  it('says how an ATS test or sync went: its outcome, why it failed, and whether the sync read everything', () => {
    expect(sentence('ats.tested', { vendor: 'lever', outcome: 'ok' })).toBe(
      'Dana Reyes tested the connection to the ATS (Lever): it works',
    );
    expect(sentence('ats.tested', { vendor: 'lever', outcome: 'failed', failure: 'credentials' })).toBe(
      'Dana Reyes tested the connection to the ATS (Lever): it failed (the ATS refused the keys)',
    );
    expect(sentence('ats.synced', { vendor: 'greenhouse', outcome: 'ok', pass: 'full', jobs: 4, candidates: 31, skipped: 2 })).toBe(
      'Dana Reyes synced all of the ATS (Greenhouse): 4 jobs, 31 candidates, 2 skipped',
    );
    expect(sentence('ats.synced', { vendor: 'greenhouse', outcome: 'ok', pass: 'incremental', jobs: 0, candidates: 1, skipped: 0 })).toBe(
      'Dana Reyes synced the changes in the ATS (Greenhouse): 0 jobs, 1 candidate',
    );
    expect(sentence('ats.synced', { vendor: 'workable', outcome: 'failed', failure: 'unavailable', jobs: 3 })).toBe(
      'Dana Reyes tried to sync the ATS (Workable), but it failed (the ATS did not answer)',
    );
    // A kind these words do not know yet is still said, not dropped.
    expect(sentence('ats.synced', { outcome: 'failed', failure: 'token-expired' })).toBe(
      'Dana Reyes tried to sync the ATS, but it failed (token expired)',
    );
  });

  it('has a sentence for every action that names the actor', () => {
    for (const action of ACTIVITY_ACTIONS) expect(sentence(action)).toMatch(/^Dana Reyes \S/);
  });

  it('names a person by name, else by address, else neutrally; the billing provider as the billing system', () => {
    expect(activityPersonName({ ...SAM, firstName: null, lastName: null })).toBe('sam@example.com');
    expect(activityPersonName({ userId: 'gone', firstName: null, lastName: null, email: null })).toBe('A former member');
    expect(activityPersonName({ userId: 'system', firstName: null, lastName: null, email: null })).toBe('The billing system');
  });

  it('puts every action in exactly one filter group', () => {
    const grouped = ACTIVITY_ACTION_GROUPS.flatMap((group) => group.actions);
    expect([...grouped].sort()).toEqual([...ACTIVITY_ACTIONS].sort());
  });
});
