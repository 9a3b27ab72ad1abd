import { render, screen } from '@testing-library/react';
import { ConfigErrorPage } from '../../../web/src/app/config-error-page';

describe('the startup error page', () => {
  it('says the site is unavailable, why, and what is wrong with config.json', () => {
    render(<ConfigErrorPage reason="The configuration file config.json is not valid." problems={['graphqlUrl: Invalid URL']} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This site is temporarily unavailable');
    expect(screen.getByRole('alert')).toHaveTextContent('The configuration file config.json is not valid.');
    expect(screen.getByRole('list', { name: 'Problems found' })).toHaveTextContent('graphqlUrl: Invalid URL');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
