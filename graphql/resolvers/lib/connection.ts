/**
 * `ModelUserConnection` from a Query or Scan result, and the pass-through of data-source errors.
 * APPSYNC_JS-safe.
 */
import { util, type Context } from '@aws-appsync/utils';

export interface Connection<T> {
  items: T[];
  nextToken: string | null;
}

interface PageResult<T> {
  items?: T[] | null;
  nextToken?: string | null;
}

/** Fails the field with the data source's error, as AppSync reports it (`DynamoDB:<Exception>`). */
export function passDataSourceError(ctx: Context): void {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
}

/**
 * The page the data source returned. `withNextToken: false` drops the token: a non-admin's page
 * holds at most their own record, and a token after items DynamoDB filtered out would tell them
 * that other records exist.
 */
export function connectionOf<T>(ctx: Context, withNextToken: boolean): Connection<T> {
  passDataSourceError(ctx);
  const page = (ctx.result || {}) as PageResult<T>;
  return {
    items: page.items || [],
    nextToken: withNextToken && page.nextToken ? page.nextToken : null,
  };
}
