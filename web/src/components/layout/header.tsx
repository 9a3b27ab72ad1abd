import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';

/** The main navigation, for everyone (spec section 2, Navigation). */
export const MAIN_NAVIGATION = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.company, label: 'Company' },
  { to: paths.contact, label: 'Contact' },
] as const;

/**
 * The account area at the right of the header. Signed-out visitors get the Sign In link; the
 * identity issue replaces this with the greeting and the account menu for signed-in users.
 */
function AccountArea() {
  return (
    <Link to={paths.signIn} className="button button--secondary site-header__sign-in">
      Sign In
    </Link>
  );
}

/**
 * Site header: brand, main navigation and account area. At 640px and below (CSS) the main links
 * move into a disclosure menu opened by the Menu button; the menu closes on navigation, on a link
 * click and on Escape.
 */
export function Header() {
  const { productName } = useRuntimeConfig();
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

        <nav id={navId} aria-label="Main" className="site-nav" data-open={open} onClick={onNavClick}>
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
