import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isPageLoadError } from '../../lib/lazy-page';

export const LOAD_ERROR_TITLE = 'Load error';

/**
 * The error element of every route. A page whose code failed to load (spec error catalogue:
 * "Script chunk load failure") shows the load error with a reload button — after a deployment
 * the old chunk names are gone and a reload fetches the new ones. Anything else shows a generic
 * message. Both are logged to the console.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  const loadError = isPageLoadError(error);
  const title = loadError ? LOAD_ERROR_TITLE : 'Something went wrong';
  const text = loadError
    ? 'This page could not be loaded. Check your internet connection, then reload the page.'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'This page does not exist.'
      : 'An unexpected error stopped this page from showing. Reload the page or go back to the home page.';

  return (
    <div className="container page message-page" role="alert">
      <div className="card message-page__card">
        <h1>{title}</h1>
        <p>{text}</p>
        <div className="message-page__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          {/* A plain link: after an error the router itself may be what failed. */}
          <a href={paths.home} className="button button--secondary">
            Go to the home page
          </a>
        </div>
      </div>
    </div>
  );
}
