import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth/auth-context';
import { PageViewTracker } from './page-view-tracker';

/**
 * Where a page's scroll position is kept: its history entry, as react-router does by default, but
 * a freshly loaded page's entry is always "default" there, so a page typed into the tab after
 * scrolling another opened at the other's position. A loaded page is kept by its path instead.
 */
export function scrollPositionKey(location: Pick<Location, 'key' | 'pathname'>): string {
  return location.key === 'default' ? location.pathname : location.key;
}

/**
 * The root route's element. While the first page's code loads (`hydrating`, used as the root's
 * HydrateFallback) it shows the header and footer around a spinner; the same component then
 * renders the page, so the frame does not flicker. While the auth state is loading (a stored
 * session is being checked) the page waits behind a spinner too (spec: layout). The sign-in guard
 * nests below it as a layout route.
 */
export function RootLayout({ hydrating = false }: { readonly hydrating?: boolean }) {
  const authLoading = useAuth().status === 'loading';
  const waiting = hydrating || authLoading;
  return (
    <>
      <AppLayout>{waiting ? <Spinner page label={hydrating ? 'Loading page…' : 'Loading your account…'} /> : <Outlet />}</AppLayout>
      {waiting ? null : <PageViewTracker />}
      {hydrating ? null : <ScrollRestoration getKey={scrollPositionKey} />}
    </>
  );
}
