import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import SignInErrorPage from '../../../web/src/app/routes/sign-in-error';
import { renderWithProviders } from '../support/render';

describe('the Unknown Registration Code page', () => {
  function renderPage() {
    return renderWithProviders(
      <Routes>
        <Route path="/sign-in-error" element={<SignInErrorPage />} />
        <Route path="/sign-in" element={<p>Sign-in page</p>} />
      </Routes>,
      { route: '/sign-in-error' },
    );
  }

  it('is titled Unknown Registration Code and says the code was incorrect, word for word', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unknown Registration Code');
    expect(screen.getByText('You have provided an incorrect registration code. Please try again.').tagName).toBe('P');
  });

  it('offers a Try Again button that goes to /sign-in', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });
});
