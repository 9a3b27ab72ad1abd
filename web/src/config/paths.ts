/**
 * Every path the web app links to or routes, in one place. Components never spell a path.
 * `/sign-in` and the guarded pages are routed by the identity and subscription issues; until then
 * `/sign-in` falls through to Missing Route, but the header and the Unknown Registration Code page
 * already point at it.
 */
export const paths = {
  home: '/',
  products: '/products',
  company: '/company',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsCondition: '/terms-condition',
  signIn: '/sign-in',
  signInError: '/sign-in-error',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
