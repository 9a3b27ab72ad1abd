import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { PAGE_LOAD_TIMEOUT_MS } from '../../../web/src/config/constants';
import { isPageLoadError, lazyPage } from '../../../web/src/lib/lazy-page';

/** Catches what a page throws while rendering, as a route's error boundary would. */
class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <p>{isPageLoadError(error) ? `load error: ${error.message}` : 'other error'}</p>;
  }
}

async function renderLoaded(load: ReturnType<typeof lazyPage>) {
  const { Component: Page } = await load();
  render(
    <Boundary>
      <Page />
    </Boundary>,
  );
}

describe('lazy page loading', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    jest.useRealTimers();
  });

  it('gives the route the module’s default export as its component', async () => {
    await renderLoaded(lazyPage(async () => ({ default: () => <h1>Products</h1> })));
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('turns a failed chunk request into a load error for the route’s error boundary', async () => {
    await renderLoaded(lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
    expect(screen.getByText('load error: The page code could not be loaded.')).toBeInTheDocument();
  });

  it('gives up after the spec’s page-code load time-out of 120 s', async () => {
    jest.useFakeTimers();
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
    let settled = false;
    const loading = lazyPage(() => new Promise(() => undefined))().then((route) => {
      settled = true;
      return route;
    });

    await jest.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const { Component: Page } = await loading;

    jest.useRealTimers();
    render(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(screen.getByText('load error: The page code did not load within 120 seconds.')).toBeInTheDocument();
  });
});
