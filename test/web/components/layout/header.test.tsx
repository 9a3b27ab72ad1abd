import { screen, within } from '@testing-library/react';
import { Header } from '../../../../web/src/components/layout/header';
import { renderWithProviders, testConfig } from '../../support/render';

describe('the site header', () => {
  it('links to Home, Products, Company and Contact in the main navigation', () => {
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['Company', '/company'],
      ['Contact', '/contact'],
    ]);
  });

  it('shows a Sign In link to /sign-in for a signed-out visitor', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the product name from the runtime config as the home link', () => {
    renderWithProviders(<Header />, { config: testConfig({ productName: 'HireWise' }) });
    expect(screen.getByRole('link', { name: /HireWise/ })).toHaveAttribute('href', '/');
  });

  it('marks the current page in the navigation', () => {
    renderWithProviders(<Header />, { route: '/company' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  describe('menu button for narrow screens', () => {
    it('controls the main navigation and reports whether it is open', async () => {
      const { user } = renderWithProviders(<Header />);
      const button = screen.getByRole('button', { name: 'Menu' });
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(button).toHaveAttribute('aria-controls', nav.id);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(nav).toHaveAttribute('data-open', 'false');

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(nav).toHaveAttribute('data-open', 'true');

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes on Escape and gives focus back to the button', async () => {
      const { user } = renderWithProviders(<Header />);
      const button = screen.getByRole('button', { name: 'Menu' });
      await user.click(button);
      await user.tab();
      expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' })).toHaveFocus();

      await user.keyboard('{Escape}');

      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    });

    it('closes when a link in it is followed', async () => {
      const { user } = renderWithProviders(<Header />);
      const button = screen.getByRole('button', { name: 'Menu' });
      await user.click(button);

      await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Products' }));

      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
