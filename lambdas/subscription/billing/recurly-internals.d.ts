/*
 * Types for the parts of the official Recurly client that recurly-client.ts builds on. The
 * package types only its entry point (`recurly`), whose generated `Client` carries every API
 * operation (~31 kB minified); these modules are the same files that entry point loads.
 */

declare module 'recurly/lib/recurly/BaseClient' {
  import type { HttpAdapter } from 'recurly/lib/recurly/HttpAdapter';

  /** BaseClient.js: the transport, the headers, the errors and the casting; no API operation. */
  class BaseClient {
    constructor(apiKey: string, options?: { readonly region?: 'us' | 'eu'; readonly httpAdapter?: HttpAdapter });
    apiVersion(): string;
    protected _interpolatePath(path: string, parameters?: Readonly<Record<string, string>>): string;
    protected _makeRequest(method: string, path: string, body: unknown, options?: object): Promise<unknown>;
  }
  export = BaseClient;
}

declare module 'recurly/lib/recurly/Pager' {
  /** Pager.js: the lazy list over `GET` pages (`each()`), as the generated client returns it. */
  class Pager {
    constructor(client: object, path: string, options: object);
  }
  export = Pager;
}

declare module 'recurly/lib/recurly/ApiError' {
  import { ApiError } from 'recurly';
  export = ApiError;
}

declare module 'recurly/lib/recurly/schemas' {
  export const Schema: { locateResource: (name: string) => unknown };
}

declare module 'recurly/lib/recurly/resources' {
  const resources: Readonly<Record<string, unknown>>;
  export = resources;
}
