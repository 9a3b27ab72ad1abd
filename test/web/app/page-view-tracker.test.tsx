import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, testConfig } from '../support/render';

/** The gtag commands pushed so far, as arrays (gtag pushes `arguments` objects). */
function gtagCommands(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function pageViews() {
  return gtagCommands().filter(([command, name]) => command === 'event' && name === 'page_view');
}

describe('page views', () => {
  afterEach(() => {
    document.getElementById('gtag-js')?.remove();
    delete window.dataLayer;
    delete window.gtag;
  });

  it('are reported to Google Analytics on every route change when a measurement id is configured', async () => {
    const { user } = renderApp('/', { config: testConfig({ analyticsMeasurementId: 'G-TEST12345' }) });
    await screen.findByRole('heading', { level: 1, name: /fill roles faster/i });

    // The analytics code loads with the first page view.
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script#gtag-js');
      expect(found).not.toBeNull();
      return found;
    });
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0][2]).toEqual(expect.objectContaining({ page_path: '/', page_title: 'Home · TalentPilot' }));

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Company' }));
    await screen.findByRole('heading', { level: 1, name: /built with recruiters/i });

    await waitFor(() => expect(pageViews()).toHaveLength(2));
    expect(pageViews()[1][2]).toEqual(
      expect.objectContaining({ page_path: '/company', page_title: 'Company · TalentPilot', page_location: 'http://localhost/company' }),
    );
  });

  it('load nothing and send nothing without a measurement id', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /fill roles faster/i });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Products' }));
    await screen.findByRole('table');

    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
