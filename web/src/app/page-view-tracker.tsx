import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../config/config-context';
import { getAnalytics } from '../lib/analytics';

/**
 * Reports a page view on every route change (spec: "Page views are reported to an analytics
 * service"). Rendered after the page in the tree, so its effect runs after the page has set the
 * document title. Does nothing — no script, no request — without a measurement id.
 */
export function PageViewTracker() {
  const { analyticsMeasurementId } = useRuntimeConfig();
  const { key, pathname, search } = useLocation();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const analytics = getAnalytics(analyticsMeasurementId);
    // One view per history entry, even when StrictMode runs effects twice.
    if (!analytics.enabled || reported.current === key) return;
    reported.current = key;
    const path = `${pathname}${search}`;
    analytics.pageView({ path, title: document.title, location: `${window.location.origin}${path}` });
  }, [analyticsMeasurementId, key, pathname, search]);

  return null;
}
