import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { Spinner } from '../components/ui/spinner';
import { PageViewTracker } from './page-view-tracker';

/**
 * The root route's element. While the first page's code loads (`hydrating`, used as the root's
 * HydrateFallback) it shows the header and footer around a spinner; the same component then
 * renders the page, so the frame does not flicker. Guards (identity issue) nest below it as
 * layout routes.
 */
export function RootLayout({ hydrating = false }: { readonly hydrating?: boolean }) {
  return (
    <>
      <AppLayout>{hydrating ? <Spinner page label="Loading page…" /> : <Outlet />}</AppLayout>
      {hydrating ? null : <PageViewTracker />}
      {hydrating ? null : <ScrollRestoration />}
    </>
  );
}
