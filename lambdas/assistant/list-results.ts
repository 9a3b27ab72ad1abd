import { ASSISTANT_LIMITS, HistoryQuerySchema, type AssistantResult, type HistoryResponse } from '../shared/contracts/assistant';
import { personName } from '../shared/contracts/user';
import { mayPerform } from '../shared/domain/organization-rules';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import type { Firm } from '../shared/organizations/caller-firm';
import type { AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';
import { mergeResultPages } from './domain/firm-results';
import type { ResultsPageFilter } from './store/results-repository';

/**
 * `GET /assistant/results?scope=…&capability=…&jobId=…&q=…&before=…&limit=…` (subscribers): a page
 * of results, newest first, optionally of one capability and/or job and matching a search;
 * `nextCursor` says where the next page starts. `scope=mine` (the default) is the caller's own
 * history; `scope=firm` the results teammates shared with the caller's firm and, for owners and
 * admins, the work of removed members, each with its author. Served by the results function
 * (results-routes.ts).
 */
export function createListResultsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'query',
      schema: HistoryQuerySchema,
      run: async ({ deps, user, firm, input }) => {
        const { q, limit, scope, ...rest } = input;
        const filter: ResultsPageFilter = {
          ...rest,
          ...(q ? { search: q } : {}),
          ...(limit !== undefined ? { limit: Number(limit) } : {}),
        };
        const body: HistoryResponse = scope === 'firm' ? await firmResults(deps, firm, filter) : await deps.results.page(user.id, filter);
        return { body };
      },
    },
    dependencies,
    options,
  );
}

/**
 * The firm's view: one query of the shared copies (whatever the firm's size) and, for owners and
 * admins, one per removed member (found in the team, read-side: nothing moved when they left),
 * only their results made for this firm.
 */
async function firmResults(deps: AssistantDependencies, firm: Firm, filter: ResultsPageFilter): Promise<HistoryResponse> {
  const shared = deps.results.sharedPage(firm.id, filter);
  if (!mayPerform(firm.role, 'viewRemovedMembersWork')) return shared;
  const team = await deps.organizations.getTeam(firm.id);
  const removed = (team?.members ?? []).filter((member) => member.state === 'removed');
  const removedPages = removed.map(async (member) => {
    const [page, person] = await Promise.all([
      deps.results.madeForFirmPage(member.userId, firm.id, filter),
      deps.users.getById(member.userId),
    ]);
    const author = { userId: member.userId, name: person ? personName(person) : 'A former member', shared: false, removed: true };
    return { ...page, results: page.results.map((result): AssistantResult => ({ ...result, author })) };
  });
  const removedIds = new Set(removed.map((member) => member.userId));
  const sharedPage = await shared;
  const sharedResults = sharedPage.results.map((result) =>
    result.author && removedIds.has(result.author.userId) ? { ...result, author: { ...result.author, removed: true } } : result,
  );
  const pages = [{ ...sharedPage, results: sharedResults }, ...(await Promise.all(removedPages))];
  return mergeResultPages(pages, Math.min(filter.limit ?? ASSISTANT_LIMITS.historyMax, ASSISTANT_LIMITS.historyMax));
}
