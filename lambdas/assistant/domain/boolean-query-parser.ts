import type { SearchTarget } from '../../shared/contracts/assistant';

/**
 * A small parser for the boolean strings recruiters paste into LinkedIn Recruiter, job boards and
 * Google: terms, "quoted phrases", parentheses, AND / OR / NOT (upper case; LinkedIn and job
 * boards) and `-exclusion`, `site:` (Google). It proves the strings the assistant builds are valid
 * for their target, and says what is wrong with one that is not.
 */

export type QueryNode =
  | { readonly type: 'term'; readonly value: string; readonly phrase: boolean }
  | { readonly type: 'site'; readonly value: string }
  | { readonly type: 'and' | 'or'; readonly children: readonly QueryNode[] }
  | { readonly type: 'not'; readonly child: QueryNode };

export type ParseResult = { readonly ok: true; readonly ast: QueryNode } | { readonly ok: false; readonly problems: string[] };

type Token =
  | { kind: 'word' | 'phrase'; value: string; at: number }
  | { kind: 'and' | 'or' | 'not' | 'open' | 'close' | 'minus'; at: number }
  | { kind: 'site'; value: string; at: number };

const OPERATORS = { AND: 'and', OR: 'or', NOT: 'not' } as const;

function tokenize(query: string, problems: string[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    if (/\s/.test(c)) i += 1;
    else if (c === '(' || c === ')') tokens.push({ kind: c === '(' ? 'open' : 'close', at: i++ });
    else if (c === '“' || c === '”') {
      problems.push(`Curly quotes at character ${i + 1}: search engines need straight double quotes (").`);
      i += 1;
    } else if (c === '"') {
      const end = query.indexOf('"', i + 1);
      if (end < 0) {
        problems.push(`The quote at character ${i + 1} is never closed.`);
        break;
      }
      const value = query.slice(i + 1, end).trim();
      if (!value) problems.push(`Empty quotes at character ${i + 1}.`);
      else tokens.push({ kind: 'phrase', value, at: i });
      i = end + 1;
    } else if (c === '-' && i + 1 < query.length && /[^\s)]/.test(query[i + 1]) && (i === 0 || /[\s(]/.test(query[i - 1]))) {
      tokens.push({ kind: 'minus', at: i++ });
    } else {
      const m = /^[^\s()"“”]+/.exec(query.slice(i)) as RegExpExecArray;
      const word = m[0];
      const op = OPERATORS[word as keyof typeof OPERATORS];
      if (op) tokens.push({ kind: op, at: i });
      else if (/^site:/i.test(word)) tokens.push({ kind: 'site', value: word.slice(5), at: i });
      else tokens.push({ kind: 'word', value: word, at: i });
      i += word.length;
    }
  }
  return tokens;
}

/** Parses `query` for `target`; every problem found is listed (unbalanced, dangling, unsupported). */
export function parseBooleanQuery(query: string, target: SearchTarget): ParseResult {
  const problems: string[] = [];
  const source = String(query ?? '');
  const tokens = tokenize(source, problems);
  const google = target === 'google-xray';
  let pos = 0;
  const peek = () => tokens[pos];
  const describe = (t: Token | undefined) => (t ? `character ${t.at + 1}` : 'the end');

  function parseOr(): QueryNode | null {
    const children: QueryNode[] = [];
    const first = parseAnd();
    if (first) children.push(first);
    while (peek()?.kind === 'or') {
      const op = tokens[pos++];
      if (!children.length) problems.push(`OR at character ${op.at + 1} has nothing before it.`);
      const next = parseAnd();
      if (next) children.push(next);
      else problems.push(`OR at character ${op.at + 1} has nothing after it.`);
    }
    return children.length > 1 ? { type: 'or', children } : (children[0] ?? null);
  }

  function parseAnd(): QueryNode | null {
    const children: QueryNode[] = [];
    for (;;) {
      const t = peek();
      if (!t || t.kind === 'or' || t.kind === 'close') break;
      if (t.kind === 'and') {
        pos += 1;
        if (!children.length) problems.push(`AND at ${describe(t)} has nothing before it.`);
        const after = peek();
        if (!after || after.kind === 'or' || after.kind === 'close' || after.kind === 'and') {
          problems.push(`AND at ${describe(t)} has nothing after it.`);
          continue;
        }
        continue;
      }
      const unary = parseUnary();
      if (unary) children.push(unary);
    }
    return children.length > 1 ? { type: 'and', children } : (children[0] ?? null);
  }

  function parseUnary(): QueryNode | null {
    const t = tokens[pos++];
    if (t.kind === 'not' || t.kind === 'minus') {
      const label = t.kind === 'not' ? 'NOT' : '-';
      if (google && t.kind === 'not') problems.push(`NOT at character ${t.at + 1}: Google excludes with a minus sign (-term).`);
      if (!google && t.kind === 'minus') problems.push(`"-" at character ${t.at + 1}: this target excludes with NOT.`);
      const after = peek();
      if (!after || ['and', 'or', 'close', 'not', 'minus'].includes(after.kind)) {
        problems.push(`${label} at character ${t.at + 1} has nothing to exclude.`);
        return null;
      }
      const child = parseUnary();
      return child ? { type: 'not', child } : null;
    }
    if (t.kind === 'open') {
      const inner = parseOr();
      const close = tokens[pos];
      if (close?.kind === 'close') pos += 1;
      else problems.push(`The parenthesis at character ${t.at + 1} is never closed.`);
      if (!inner) problems.push(`The parentheses at character ${t.at + 1} hold nothing.`);
      return inner;
    }
    if (t.kind === 'site') {
      if (!google) problems.push(`site: at character ${t.at + 1} works only in a web search.`);
      if (!t.value) problems.push(`site: at character ${t.at + 1} names no site.`);
      return { type: 'site', value: t.value };
    }
    if (t.kind === 'word' || t.kind === 'phrase') return { type: 'term', value: t.value, phrase: t.kind === 'phrase' };
    return null;
  }

  const ast = parseOr();
  // Only an unmatched ")" stops the parse early; report it and read on for further problems.
  while (pos < tokens.length) {
    const t = tokens[pos++];
    problems.push(`The closing parenthesis at character ${t.at + 1} has no opening one.`);
    parseOr();
  }
  if (!ast && !problems.length) problems.push('The query is empty.');
  return problems.length || !ast ? { ok: false, problems: [...new Set(problems)] } : { ok: true, ast };
}

/**
 * The words Google counts in a query (it reads at most 32): every word, inside quotes too, and
 * every operator (`OR`, `site:…`, `-term`). Parentheses alone do not count.
 */
export function googleWordCount(query: string): number {
  return String(query ?? '')
    .replace(/[()"]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && w !== '-').length;
}
