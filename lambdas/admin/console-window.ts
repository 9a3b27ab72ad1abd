import { ADMIN_CONSOLE_PAGE_SIZE, ADMIN_CONSOLE_WINDOW, ADMIN_CURSOR_MESSAGE, type AdminPage } from '../shared/contracts/admin-console';
import { opaqueCursor } from '../shared/dynamodb/opaque-cursor';
import type { ScanWindow, ScanWindowRequest } from '../shared/dynamodb/scan-window';
import * as z from '../shared/zod';

/**
 * The paging of the admin console's lists (docs/decisions.md, "Admin console lists: paged by
 * windows"). The tables have no index that orders them, so a request reads one window of
 * {@link ADMIN_CONSOLE_WINDOW} items in scan order, keeps the rows that match, orders them and
 * answers {@link ADMIN_CONSOLE_PAGE_SIZE} of them. The cursor names the window (the key it starts
 * after) and how many of its rows the earlier pages showed; after the window's last row the next
 * cursor names the next window. A request never reads more than one window.
 */

interface WindowPosition {
  /** The window starts after this key; `null`: at the table's start. */
  readonly after: string | null;
  /** Rows of the window already shown. */
  readonly skip: number;
}

const WINDOW_CURSOR = opaqueCursor(
  {
    after: z.nullable(z.string().check(z.minLength(1), z.maxLength(512))),
    skip: z.number().check(z.int(), z.gte(0), z.lt(ADMIN_CONSOLE_WINDOW)),
  },
  { message: ADMIN_CURSOR_MESSAGE },
);

export function encodeCursor(position: WindowPosition): string {
  return WINDOW_CURSOR.encode(position);
}

/** The position a cursor names (the table's start without one); a cursor the console did not make is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): WindowPosition {
  return cursor === undefined ? { after: null, skip: 0 } : WINDOW_CURSOR.decode(cursor);
}

export interface WindowPageOptions<Item, Row> {
  readonly read: (window: ScanWindowRequest) => Promise<ScanWindow<Item>>;
  /** The row of an item, or `null` when the item does not match the request (a search, a filter). */
  readonly rowOf: (item: Item) => Row | null;
  readonly order: (a: Row, b: Row) => number;
}

/** The page of rows at `cursor`, read from one window of the table. */
export async function windowPage<Item, Row>(cursor: string | undefined, options: WindowPageOptions<Item, Row>): Promise<AdminPage<Row>> {
  const { after, skip } = decodeCursor(cursor);
  const window = await options.read({ after, size: ADMIN_CONSOLE_WINDOW });
  const rows = window.items
    .map(options.rowOf)
    .filter((row): row is Row => row !== null)
    .sort(options.order);
  const shown = skip + ADMIN_CONSOLE_PAGE_SIZE;
  const nextCursor =
    shown < rows.length
      ? encodeCursor({ after, skip: shown })
      : window.nextAfter !== null
        ? encodeCursor({ after: window.nextAfter, skip: 0 })
        : null;
  return { items: rows.slice(skip, shown), nextCursor };
}
