/**
 * Page-view reporting to Google Analytics 4. Nothing is loaded, stored or sent unless the runtime
 * config carries an `analyticsMeasurementId`: without one, {@link getAnalytics} returns a no-op and
 * the app makes no request to any analytics service.
 */

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
const SCRIPT_ID = 'gtag-js';

export interface PageView {
  /** Path (with query) of the page, e.g. `/products`. */
  readonly path: string;
  /** The page's document title. */
  readonly title: string;
  /** Full URL of the page. */
  readonly location: string;
}

export interface Analytics {
  readonly enabled: boolean;
  pageView(view: PageView): void;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const noAnalytics: Analytics = { enabled: false, pageView: () => undefined };

/**
 * Loads gtag.js for `measurementId` (once per document) and returns a reporter that sends one
 * `page_view` event per call. Automatic page views are off: the router reports them itself, so a
 * single-page navigation is counted exactly once.
 */
export function createGoogleAnalytics(measurementId: string, win: Window = window): Analytics {
  const doc = win.document;
  win.dataLayer = win.dataLayer ?? [];
  if (!win.gtag) {
    win.gtag = function gtag() {
      // gtag.js only recognises the `arguments` object itself in the data layer, not an array.
      // eslint-disable-next-line prefer-rest-params
      win.dataLayer?.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', measurementId, { send_page_view: false });
  }
  if (!doc.getElementById(SCRIPT_ID)) {
    const script = doc.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    doc.head.appendChild(script);
  }
  const gtag = win.gtag;
  return {
    enabled: true,
    pageView: ({ path, title, location }) => {
      gtag('event', 'page_view', { page_path: path, page_title: title, page_location: location, send_to: measurementId });
    },
  };
}

const instances = new Map<string, Analytics>();

/** The app's analytics for a measurement id; a no-op when the id is absent or blank. */
export function getAnalytics(measurementId: string | undefined): Analytics {
  const id = measurementId?.trim();
  if (!id) return noAnalytics;
  let analytics = instances.get(id);
  if (!analytics) {
    analytics = createGoogleAnalytics(id);
    instances.set(id, analytics);
  }
  return analytics;
}
