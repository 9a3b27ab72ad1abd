import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../config/config-context';

/**
 * Reports a page view on every route change (spec: "Page views are reported to an analytics
 * service"). Rendered after the page in the tree, so its effect runs after the page has set the
 * document title. Does nothing — no script, no request — without a measurement id; with one, the
 * analytics code loads with the first page view instead of with the entry.
 */
export function PageViewTracker() {
  const { analyticsMeasurementId } = useRuntimeConfig();
  const { key, pathname, search } = useLocation();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    // One view per history entry, even when StrictMode runs effects twice.
    if (!analyticsMeasurementId?.trim() || reported.current === key) return;
    reported.current = key;
    const path = `${pathname}${search}`;
    // Read now: the next page may set its own title before the analytics code has loaded.
    const view = { path, title: document.title, location: `${window.location.origin}${path}` };
    import('../lib/analytics')
      .then(({ getAnalytics }) => getAnalytics(analyticsMeasurementId).pageView(view))
      .catch((error: unknown) => console.error(error));
  }, [analyticsMeasurementId, key, pathname, search]);

  return null;
}
