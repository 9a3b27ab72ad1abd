/**
 * The Amplify Auth calls the app uses, re-exported by name so the bundler keeps only these (a
 * dynamic import of `aws-amplify/auth` itself would keep every export: OAuth redirects, TOTP,
 * devices). Loaded through `loadAuth` in amplify.ts, never statically.
 */
export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
