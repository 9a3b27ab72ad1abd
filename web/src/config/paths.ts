/** Every path the web app links to or routes, in one place. Components never spell a path. */
export const paths = {
  home: '/',
  products: '/products',
  company: '/company',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsCondition: '/terms-condition',
  signIn: '/sign-in',
  signInError: '/sign-in-error',
  inviteSignup: '/invite-signup',
  // Public: what was bought, right after subscribing (a generic page without that state).
  success: '/success',
  // Guarded: signed-out visitors are sent to /sign-in and brought back after signing in.
  // /services and /support are also subscription-gated (see app/require-subscription.tsx).
  account: '/account',
  services: '/services',
  // The assistant's screens, one per capability, below the same guard and gate as /services.
  servicesMustHaves: '/services/must-haves',
  servicesSourcingTerms: '/services/sourcing-terms',
  servicesJobDescription: '/services/job-description',
  servicesScreeningQuestions: '/services/screening-questions',
  servicesInterviewEvaluation: '/services/interview-evaluation',
  servicesBestFit: '/services/best-fit',
  servicesCandidateSummary: '/services/candidate-summary',
  // Placement prediction on the synced ATS jobs (the ATS settings themselves are on /account).
  servicesPlacementPrediction: '/services/placement-prediction',
  support: '/support',
  changePassword: '/change-password',
  editProfile: '/edit-profile',
  profile: '/profile',
  subscribe: '/subscribe',
  // The firm's team (issue 18): members, seats, invitations; read-only for recruiters.
  team: '/team',
  // Guarded: administrators only (the console's link shows only to them; the server checks anyway).
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
