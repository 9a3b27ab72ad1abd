/**
 * Checks of one boolean search string against the groups it was built from: it parses for its
 * target, never ANDs a nice-to-have (a nice-to-have that must match is a must-have), and ANDs at
 * most {@link MAX_AND_CONCEPTS} concepts (each AND halves the pool; more than four finds nobody).
 */
import type { SearchString, TermGroup } from '../../lambdas/shared/contracts/assistant';
import { parseBooleanQuery, type QueryNode } from '../../lambdas/assistant/domain/boolean-query';
import { normalize } from './text-match';

export const MAX_AND_CONCEPTS = 4;

export interface BooleanCheck {
  readonly parses: boolean;
  /** Nice-to-have concepts of an AND-ed operand made only of nice-to-have terms. */
  readonly niceAnded: string[];
  readonly andedConcepts: number;
}

function termsOf(node: QueryNode): string[] {
  if (node.type === 'term') return [normalize(node.value)];
  if (node.type === 'and' || node.type === 'or') return node.children.flatMap(termsOf);
  return [];
}

export function checkSearch(search: Pick<SearchString, 'query' | 'target'>, groups: { readonly nice: readonly TermGroup[] }): BooleanCheck {
  const parsed = parseBooleanQuery(search.query, search.target);
  if (!parsed.ok) return { parses: false, niceAnded: [], andedConcepts: 0 };
  const niceTerms = new Set(groups.nice.flatMap((g) => g.terms).map(normalize));
  const operands = (parsed.ast.type === 'and' ? parsed.ast.children : [parsed.ast]).filter((n) => n.type !== 'not' && n.type !== 'site');
  const niceAnded: string[] = [];
  for (const operand of operands) {
    const terms = termsOf(operand);
    // An operand made of nice-to-have terms only is a nice-to-have every candidate must match.
    if (terms.length === 0 || !terms.every((t) => niceTerms.has(t))) continue;
    for (const group of groups.nice) if (group.terms.some((t) => terms.includes(normalize(t)))) niceAnded.push(group.concept);
  }
  return { parses: true, niceAnded: [...new Set(niceAnded)], andedConcepts: operands.length };
}
