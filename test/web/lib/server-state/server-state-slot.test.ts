/** @jest-environment ./test/support/backend-environment.js */
import { QueryClient } from '@tanstack/react-query';
import { createServerStateSlot } from '../../../../web/src/lib/server-state/server-state-slot';

describe('the server-state slot', () => {
  it('keeps one query client for a sign-in, made on first use', () => {
    const slot = createServerStateSlot();
    const create = jest.fn(() => new QueryClient());
    const session = { userId: 'ada' };

    const first = slot.clientFor(session, create);
    expect(slot.clientFor(session, create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('starts the next sign-in with an empty cache, even for the same person', () => {
    const slot = createServerStateSlot();
    const before = slot.clientFor({ userId: 'ada' }, () => new QueryClient());
    before.setQueryData(['subscriptions', 'code-talentpilot-sub-ada'], { subscriptions: [], account: null });

    const after = slot.clientFor({ userId: 'ada' }, () => new QueryClient());

    expect(after).not.toBe(before);
    expect(after.getQueryData(['subscriptions', 'code-talentpilot-sub-ada'])).toBeUndefined();
    expect(before.getQueryData(['subscriptions', 'code-talentpilot-sub-ada'])).toBeUndefined();
  });
});
