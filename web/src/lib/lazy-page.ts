import type { ComponentType } from 'react';
import { PAGE_LOAD_TIMEOUT_MS } from '../config/constants';

/**
 * The code of a page could not be loaded: the chunk request failed (offline, a deployment
 * replaced the file) or did not finish within the page-code load time-out. The route's error
 * element shows the spec's "load error" with a reload button for it.
 */
export class PageLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PageLoadError';
  }
}

/** A page module as the route files export it. */
export interface PageModule {
  readonly default: ComponentType;
}

/**
 * Wraps a dynamic `import()` of a page for a data-router route's `lazy`, with the page-code load
 * time-out. It never rejects: when the import fails or takes longer than `timeoutMs`, the route
 * gets a component that throws a {@link PageLoadError} as it renders, so the route's own
 * `errorElement` shows the load error. (react-router 7.18 keeps a route whose `lazy` rejected
 * marked as unloaded and renders neither it nor its errorElement: an empty outlet.)
 */
export function lazyPage(importPage: () => Promise<PageModule>, timeoutMs: number = PAGE_LOAD_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PageLoadError(`The page code did not load within ${Math.round(timeoutMs / 1000)} seconds.`)),
        timeoutMs,
      );
    });
    try {
      const module = await Promise.race([importPage(), timeout]);
      return { Component: module.default };
    } catch (error) {
      const loadError = error instanceof PageLoadError ? error : new PageLoadError('The page code could not be loaded.', { cause: error });
      return { Component: failedPage(loadError) };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A stand-in page that hands a load error to the route's error boundary. */
function failedPage(error: PageLoadError): ComponentType {
  return function PageLoadFailed(): never {
    throw error;
  };
}

/** Whether an error caught by a route boundary is a failed page-code load. */
export function isPageLoadError(error: unknown): error is PageLoadError {
  return error instanceof PageLoadError;
}
