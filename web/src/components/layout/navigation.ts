import { paths } from '../../config/paths';

/** The main navigation, for everyone (spec section 2, Navigation). */
export const MAIN_NAVIGATION = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.company, label: 'Company' },
  { to: paths.contact, label: 'Contact' },
] as const;

/** The signed-in user's pages in the account menu (Support and Sign Out follow them). */
export const ACCOUNT_NAVIGATION = [
  { to: paths.account, label: 'Account' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.services, label: 'Services' },
  { to: paths.team, label: 'Team' },
] as const;

/** The admin console, after the account pages in the menu of administrators only. */
export const ADMIN_NAVIGATION = { to: paths.admin, label: 'Admin' } as const;

/** Narrow screens (the spec's mobile breakpoint, 640px): main links move into a menu. */
export const NARROW_SCREEN_QUERY = '(max-width: 640px)';
