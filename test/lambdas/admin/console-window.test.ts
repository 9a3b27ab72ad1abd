import { decodeCursor, encodeCursor, windowPage } from '../../../lambdas/admin/console-window';
import { ADMIN_CONSOLE_PAGE_SIZE, ADMIN_CONSOLE_WINDOW } from '../../../lambdas/shared/contracts/admin-console';
import type { ScanWindowRequest } from '../../../lambdas/shared/dynamodb/scan-window';

/**
 * Paging by windows over a table larger than a window (the dynalite tests, scan-window.test.ts and
 * admin-console.test.ts, read real tables; a table of 1,234 items is cheaper in memory).
 */

interface Item {
  readonly id: string;
  readonly createdAt: string;
}

/** A table in a fixed "scan order" (not the creation order), read in windows as scanWindow reads it. */
function table(size: number) {
  const items: Item[] = Array.from({ length: size }, (_, index) => ({
    id: `item-${String((index * 7919) % size).padStart(4, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + ((index * 104729) % size) * 60_000).toISOString(),
  }));
  const reads: ScanWindowRequest[] = [];
  const read = async ({ after, size: windowSize }: ScanWindowRequest) => {
    reads.push({ after, size: windowSize });
    const start = after === null ? 0 : items.findIndex((item) => item.id === after) + 1;
    const window = items.slice(start, start + windowSize);
    const end = start + windowSize >= items.length;
    return { items: window, nextAfter: end ? null : window[window.length - 1].id };
  };
  return { items, reads, read };
}

const newestFirst = (a: Item, b: Item) => b.createdAt.localeCompare(a.createdAt);

async function walk(read: ReturnType<typeof table>['read'], rowOf: (item: Item) => Item | null) {
  const pages: (readonly Item[])[] = [];
  let cursor: string | undefined;
  do {
    const page = await windowPage(cursor, { read, rowOf, order: newestFirst });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && pages.length < 1_000);
  return pages;
}

describe('windowPage', () => {
  it('pages through a table larger than a window: every item once, a page at most 20 rows, one window read per page', async () => {
    const { items, reads, read } = table(1_234);

    const pages = await walk(read, (item) => item);

    const listed = pages.flat().map((item) => item.id);
    expect(listed).toHaveLength(items.length);
    expect(new Set(listed).size).toBe(items.length);
    expect(Math.max(...pages.map((page) => page.length))).toBe(ADMIN_CONSOLE_PAGE_SIZE);
    expect(reads).toHaveLength(pages.length);
    expect(reads.every((request) => request.size === ADMIN_CONSOLE_WINDOW)).toBe(true);
    // Three windows (500, 500, 234); within each, newest first.
    expect(new Set(reads.map((request) => request.after)).size).toBe(3);
    const firstWindow = pages.flat().slice(0, ADMIN_CONSOLE_WINDOW);
    expect(firstWindow).toEqual([...items.slice(0, ADMIN_CONSOLE_WINDOW)].sort(newestFirst));
  });

  it('keeps only matching rows, and answers an empty page with a cursor when a window holds no match', async () => {
    const { items, read } = table(1_234);
    // Matches only in the last window.
    const late = new Set(items.slice(1_100).map((item) => item.id));

    const pages = await walk(read, (item) => (late.has(item.id) ? item : null));

    expect(pages[0]).toEqual([]);
    expect(pages[1]).toEqual([]);
    expect(
      pages
        .flat()
        .map((item) => item.id)
        .sort(),
    ).toEqual([...late].sort());
  });

  it('answers one page without a cursor when everything fits', async () => {
    const { read } = table(7);

    const page = await windowPage(undefined, { read, rowOf: (item) => item, order: newestFirst });

    expect(page.items).toHaveLength(7);
    expect(page.nextCursor).toBeNull();
  });
});

describe('the cursor', () => {
  // What any cursor refuses (not base64url JSON, other keys) is opaque-cursor.test.ts's; here the console's position.
  it("round-trips a position and refuses one outside the console's window with a 400 on `cursor`", () => {
    expect(decodeCursor(encodeCursor({ after: 'user-1', skip: 40 }))).toEqual({ after: 'user-1', skip: 40 });
    expect(decodeCursor(undefined)).toEqual({ after: null, skip: 0 });
    const refused = (cursor: string) => {
      try {
        decodeCursor(cursor);
        return undefined;
      } catch (error) {
        return error;
      }
    };
    for (const cursor of ['e30', encodeCursor({ after: null, skip: ADMIN_CONSOLE_WINDOW })]) {
      expect(refused(cursor)).toMatchObject({ name: 'ValidationError', fields: { cursor: 'The cursor must be one the console gave.' } });
    }
  });
});
