import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, testConfig } from '../support/render';

describe('the app router', () => {
  it.each([
    ['/', 'Home', /fill roles faster/i],
    ['/products', 'Products', /release by release/i],
    ['/company', 'Company', /built with recruiters, for recruiters/i],
    ['/contact', 'Contact', /talk to the talentpilot team/i],
    ['/privacy-policy', 'Privacy Policy', /^privacy policy$/i],
    ['/terms-condition', 'Terms and Conditions', /^terms and conditions$/i],
  ])('serves %s with its page and the title "%s · TalentPilot"', async (path, title, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · TalentPilot`));
  });

  it('shows Missing Route for any unknown path, with a way home', async () => {
    const { router, user } = renderApp('/no/such/page');
    expect(await screen.findByText('Missing Route')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Missing Route · TalentPilot'));
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the Unknown Registration Code page with the spec texts, and Try Again leads to /sign-in', async () => {
    const { router, user } = renderApp('/sign-in-error');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Unknown Registration Code$/);
    expect(screen.getByText('You have provided an incorrect registration code. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Unknown Registration Code · TalentPilot'));

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('frames every page with the header, main content and footer landmarks', async () => {
    renderApp('/company');
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('main')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2024 TalentPilot')).toBeInTheDocument();
  });

  it('takes the product name from the runtime config', async () => {
    renderApp('/', { config: testConfig({ productName: 'HireWise' }) });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Home · HireWise'));
    expect(within(screen.getByRole('banner')).getByText('HireWise')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText('© 2024 HireWise')).toBeInTheDocument();
    expect(screen.queryByText(/TalentPilot/)).not.toBeInTheDocument();
  });

  it('navigates between pages from the header', async () => {
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /fill roles faster/i });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Products' }));

    expect(await screen.findByRole('table', { name: 'Capabilities by release' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  });
});
