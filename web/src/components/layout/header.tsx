import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { MAIN_NAVIGATION } from './navigation';

export { MAIN_NAVIGATION };

const loadAccountMenu = () => import('./account-menu');
/** Only signed-in users need the account menu: its code stays out of the entry bundle. */
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * The account area at the right of the header: the Sign In link for signed-out visitors, the
 * greeting and account menu for signed-in users, nothing while the auth state is loading (so
 * neither flashes before the other). While a stored session is being checked the menu's code
 * loads alongside.
 */
function AccountArea() {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'loading') loadAccountMenu().catch(() => undefined);
  }, [status]);
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<span className="account-menu__placeholder" aria-hidden="true" />}>
        <AccountMenu />
      </Suspense>
    );
  }
  if (status === 'loading') return null;
  return (
    <Link to={paths.signIn} className="button button--secondary site-header__sign-in">
      Sign In
    </Link>
  );
}

/**
 * Site header: brand, main navigation and account area. At 640px and below (CSS) the main links
 * move into a disclosure menu opened by the Menu button; the menu closes on navigation, on a link
 * click and on Escape. Signed-in users have no Menu button: the main links join their account
 * menu instead, so narrow screens show one menu, not two.
 */
export function Header() {
  const { productName } = useRuntimeConfig();
  const signedIn = useAuth().status === 'authenticated';
  const { pathname } = useLocation();
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The menu is open for the path it was opened on, so any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onNavClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) close(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (open && event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header__bar">
        <Link to={paths.home} className="brand">
          <span className="brand__mark" aria-hidden="true">
            {productName.charAt(0).toUpperCase()}
          </span>
          <span className="brand__name">{productName}</span>
        </Link>

        {signedIn ? null : (
          <button
            ref={buttonRef}
            type="button"
            className="site-header__menu-button"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => (open ? close(false) : setOpenOn(pathname))}
          >
            <span className="menu-icon" aria-hidden="true" data-open={open} />
            Menu
          </button>
        )}

        <nav id={navId} aria-label="Main" className="site-nav" data-open={open && !signedIn} onClick={onNavClick}>
          <ul className="site-nav__list">
            {MAIN_NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.home} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__account">
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
