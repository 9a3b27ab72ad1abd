import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR } from '../../config/constants';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';

const FOOTER_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.company, label: 'Company' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsCondition, label: 'Terms and Conditions' },
] as const;

/** Site footer: secondary links and the copyright line (year from the spec). */
export function Footer() {
  const { productName } = useRuntimeConfig();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{productName}</p>
          <p className="site-footer__tagline">The AI recruiting assistant for recruiters and staffing firms.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">{`© ${COPYRIGHT_YEAR} ${productName}`}</p>
      </div>
    </footer>
  );
}
