import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { isAdmin, useAuth } from '../../lib/auth/auth-context';
import { useMediaQuery } from '../../lib/use-media-query';
import { ACCOUNT_NAVIGATION, ADMIN_NAVIGATION, MAIN_NAVIGATION, NARROW_SCREEN_QUERY } from './navigation';

/** The firm's name beside the Team item: its own chunk (TanStack Query and the REST client), loaded once the menu is. */
const FirmName = lazy(() => import('./firm-name'));

/** The greeting on the menu button (spec: a greeting with the first name). */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi, ${name}` : 'Hi there';
}

/**
 * The signed-in user's account menu (WAI-ARIA menu button): the greeting opens a menu with
 * Account, Profile, Services, Team (with the firm's name) (and Admin, for administrators), Support (the help-desk portal, in a new tab) and Sign Out; on
 * narrow screens the main links join it. Arrow keys, Home and End move between items; Escape
 * closes it and returns focus to the button; leaving it (Tab, a click elsewhere) closes it.
 */
export function AccountMenu() {
  const { authUser, dbUser, signOut } = useAuth();
  const { supportPortalUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Open for the path it was opened on, so any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [focusLast, setFocusLast] = useState(false);
  const open = openOn === pathname;

  const menuItems = (): HTMLElement[] => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    (focusLast ? list[list.length - 1] : list[0])?.focus();
  }, [open, focusLast]);

  const openMenu = (last: boolean) => {
    setFocusLast(last);
    setOpenOn(pathname);
  };

  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItems();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.stopPropagation();
        close(true);
        break;
      case ' ':
        // Space activates a menu item, links included.
        (document.activeElement as HTMLElement | null)?.click();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
  };

  // Both at once: the guard of a protected page also sends a user who signed out to the home page.
  const signOutAndLeave = () => {
    close(false);
    void navigate(paths.home);
    void signOut();
  };

  const links = [...(narrow ? MAIN_NAVIGATION : []), ...ACCOUNT_NAVIGATION, ...(isAdmin(authUser) ? [ADMIN_NAVIGATION] : [])];

  return (
    <div className="account-menu" onBlur={onBlur}>
      <button
        ref={buttonRef}
        id={`${id}-button`}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close(false) : openMenu(false))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {(dbUser?.firstName?.trim() || dbUser?.email || '?').charAt(0).toUpperCase()}
        </span>
        <span className="account-menu__greeting">{greeting(dbUser?.firstName)}</span>
        <span className="account-menu__chevron" aria-hidden="true" data-open={open} />
      </button>
      <ul
        ref={menuRef}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        className="account-menu__list"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {links.map((link, position) => (
          <li role="none" key={link.to} className={narrow && position === MAIN_NAVIGATION.length ? 'account-menu__group-start' : undefined}>
            <Link
              role="menuitem"
              tabIndex={-1}
              to={link.to}
              className="account-menu__item"
              aria-current={pathname === link.to ? 'page' : undefined}
              onClick={() => close(false)}
            >
              {link.label}
              {link.to === paths.team ? (
                <Suspense fallback={null}>
                  <FirmName />
                </Suspense>
              ) : null}
            </Link>
          </li>
        ))}
        <li role="none">
          <a
            role="menuitem"
            tabIndex={-1}
            href={supportPortalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="account-menu__item"
            aria-describedby={`${id}-new-tab`}
            onClick={() => close(false)}
          >
            Support
            <span className="account-menu__external" aria-hidden="true">
              ↗
            </span>
          </a>
        </li>
        <li role="separator" className="account-menu__separator" />
        <li role="none">
          <button role="menuitem" tabIndex={-1} type="button" className="account-menu__item" onClick={signOutAndLeave}>
            Sign Out
          </button>
        </li>
      </ul>
      <span id={`${id}-new-tab`} hidden>
        Opens in a new tab
      </span>
    </div>
  );
}
