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
 * The route tree. Every page is code-split and loaded on demand; the root route renders the frame
 * (header, footer) and its HydrateFallback shows a spinner while the first page's code loads;
 * later navigations keep the current page and show a progress bar.
 *
 * `/sign-in`, `/invite-signup`, `/success` and the guarded pages (a guard layout route under the
 * root) come with the identity and subscription issues; until then they show Missing Route.
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
        page('*', () => import('./routes/missing-route')),
      ],
    },
  ];
}

/** The browser router of the running app. Tests use `createMemoryRouter(createAppRoutes())`. */
export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
