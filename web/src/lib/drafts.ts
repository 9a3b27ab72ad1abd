import { useContext, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { AuthContext } from './auth/auth-context';

/**
 * Drafts: what a user typed or pasted on a screen (a job description, resumes), kept while they
 * navigate away and back. In sessionStorage, keyed by the signed-in user and the screen: a tab's
 * drafts end with the tab, never reach another user of the browser, and are removed on sign-out
 * (docs/decisions.md, "A workspace that stays tidy").
 */
const DRAFT_PREFIX = 'draft:';

const draftKey = (userId: string, screen: string) => `${DRAFT_PREFIX}${userId}:${screen}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings): drafts then last as long as the page.
    return undefined;
  }
}

/** The stored draft when it has the initial value's shape (same type; a list stays a list). */
function readDraft<T>(key: string, initial: T): T {
  const text = storage()?.getItem(key);
  if (!text) return initial;
  try {
    const stored = JSON.parse(text) as unknown;
    const sameShape = typeof stored === typeof initial && stored !== null && Array.isArray(stored) === Array.isArray(initial);
    return sameShape ? (stored as T) : initial;
  } catch {
    return initial;
  }
}

/** Removes every draft of this tab (on sign-out). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key !== null && key.startsWith(DRAFT_PREFIX),
  );
  for (const key of keys) store.removeItem(key);
}

/**
 * `useState`, kept as the signed-in user's draft of `screen` (`screen` names the screen and the
 * part, e.g. `best-fit:candidates`). Without a signed-in user it is plain state.
 */
export function useDraft<T>(screen: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const userId = useContext(AuthContext)?.dbUser?.id;
  const key = userId ? draftKey(userId, screen) : undefined;
  const [value, setValue] = useState<T>(() => (key ? readDraft(key, initial) : initial));

  useEffect(() => {
    if (!key) return;
    try {
      storage()?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the draft lasts as long as the page.
    }
  }, [key, value]);

  return [value, setValue];
}
