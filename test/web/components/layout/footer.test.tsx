import { screen, within } from '@testing-library/react';
import { Footer } from '../../../../web/src/components/layout/footer';
import { renderWithProviders, testConfig } from '../../support/render';

describe('the site footer', () => {
  it('links to Home, Products, Company, Privacy Policy and Terms and Conditions', () => {
    renderWithProviders(<Footer />);
    const links = within(screen.getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['Company', '/company'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms and Conditions', '/terms-condition'],
    ]);
  });

  it('shows the copyright line for 2024 with the configured product name', () => {
    renderWithProviders(<Footer />, { config: testConfig({ productName: 'HireWise' }) });
    expect(screen.getByText('© 2024 HireWise')).toBeInTheDocument();
  });
});
