import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, type PageModule } from '../lib/lazy-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error';

/** A lazily loaded page with its own error boundary (load errors and render errors). */
function page(path: string | undefined, importPage: () => Promise<PageModule>): RouteObject {
  const route = { lazy: lazyPage(importPage), errorElement: <RouteErrorPage /> };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

/**
 * A layout route whose element loads with the first page below it: the sign-in guard, the
 * server-state layout and the subscription gate only matter to signed-in pages, so signed-out
 * visits never load them.
 */
function guard(importGuard: () => Promise<{ Component: ComponentType }>, children: RouteObject[]): RouteObject {
  return { lazy: importGuard, children };
}

/**
 * The route tree. Every page is code-split and loaded on demand; the root route renders the frame
 * (header, footer) and its HydrateFallback shows a spinner while the first page's code loads;
 * later navigations keep the current page and show a progress bar.
 *
 * The protected pages sit below the sign-in guard, a layout route without a path. Those that read
 * from the server (/account, /subscribe and the gated pages) sit below the server-state layout,
 * which holds the query cache and the subscriptions; /services (with the assistant's screens,
 * /services/<capability>) and /support sit one level deeper, below the subscription gate (see
 * docs/decisions.md). /success is public: it reads what was bought from the location state.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home,
      element: <RootLayout />,
      hydrateFallbackElement: <RootLayout hydrating />,
      errorElement: <RouteErrorPage />,
      children: [
        page(undefined, () => import('./routes/home')),
        page(paths.products, () => import('./routes/products')),
        page(paths.company, () => import('./routes/company')),
        page(paths.contact, () => import('./routes/contact')),
        page(paths.privacyPolicy, () => import('./routes/privacy-policy')),
        page(paths.termsCondition, () => import('./routes/terms-condition')),
        page(paths.signInError, () => import('./routes/sign-in-error')),
        page(paths.signIn, () => import('./routes/sign-in')),
        page(paths.inviteSignup, () => import('./routes/invite-signup')),
        page(paths.success, () => import('./routes/success')),
        guard(
          () => import('./require-auth').then((module) => ({ Component: module.RequireAuth })),
          [
            page(paths.profile, () => import('./routes/profile')),
            page(paths.editProfile, () => import('./routes/edit-profile')),
            page(paths.changePassword, () => import('./routes/change-password')),
            guard(
              () => import('./server-state-layout').then((module) => ({ Component: module.ServerStateLayout })),
              [
                page(paths.account, () => import('./routes/account')),
                page(paths.subscribe, () => import('./routes/subscribe')),
                page(paths.admin, () => import('./routes/admin')),
                page(paths.team, () => import('./routes/team')),
                guard(
                  () => import('./require-subscription').then((module) => ({ Component: module.RequireSubscription })),
                  [
                    page(paths.services, () => import('./routes/services')),
                    // One route for the assistant's seven screens: each screen is still its own chunk,
                    // loaded by this page (the entry stays within its size budget; see the page).
                    page(`${paths.services}/:capability`, () => import('./routes/services/capability')),
                    page(paths.support, () => import('./routes/support')),
                  ],
                ),
              ],
            ),
          ],
        ),
        page('*', () => import('./routes/missing-route')),
      ],
    },
  ];
}

/** The browser router of the running app. Tests use `createMemoryRouter(createAppRoutes())`. */
export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has the code of the first page. Never rejects and never waits past
 * the page-code time-out: a page that fails to load becomes its error page (lazy-page.ts).
 */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
