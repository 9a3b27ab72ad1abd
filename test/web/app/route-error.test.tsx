import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { RouteErrorPage } from '../../../web/src/app/routes/route-error';
import { lazyPage } from '../../../web/src/lib/lazy-page';

describe('a route whose page cannot be shown', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  function renderRoute(lazy: ReturnType<typeof lazyPage>) {
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Outlet />,
        children: [{ index: true, lazy, errorElement: <RouteErrorPage /> }],
        errorElement: <p>Root boundary</p>,
        hydrateFallbackElement: <p>Loading</p>,
      },
    ]);
    render(<RouterProvider router={router} />);
  }

  it('shows the load error with a reload button when the page chunk fails to load, and logs it', async () => {
    renderRoute(lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/home-x.js'))));

    expect(await screen.findByRole('heading', { name: 'Load error' })).toBeInTheDocument();
    expect(screen.getByText(/could not be loaded/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText('Root boundary')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ name: 'PageLoadError' }));
  });

  it('shows a generic error with a reload button when the page itself fails to render', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoute(lazyPage(async () => ({ default: Broken })));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
