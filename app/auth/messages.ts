/** User-visible texts of sign-in and the guard, verbatim from the spec. */
export const AUTH_TEXT = {
  invalidEmail: "Please enter a valid email address.",
  shortPassword: "Password must be at least 6 characters long.",
  tooManyAttempts: "Too many login attempts. Please try again later.",
  loginFailed: "Login failed. Please check your credentials.",
  accountDisabledTitle: "Account Disabled",
  accountDisabled: "Your account has been disabled. Please contact the administrator.",
  accountPending: "Your account is waiting for an administrator to activate it.",
  accessDeniedTitle: "Access Denied",
  accessDenied: "You don't have permission to access this page.",
  signedOutTitle: "Signed Out!",
  signedOut: "You have been successfully signed out.",
  signOutFailedTitle: "Sign Out Failed",
  signOutFailed: "There was an error signing out. Please try again.",
  // JSON endpoints (requireJsonUser): the spec's upload text for a lost session, and the two-factor hold.
  authRequiredTitle: "Authentication Required",
  authRequired: "Authentication required. Please log in again.",
  twoFactorSetupRequiredTitle: "Two-Factor Sign-In Required",
  twoFactorSetupRequired:
    "This site requires two-factor sign-in for admins and editors. Set it up on your profile's Two-Factor Sign-In page (/admin/profile/two-factor), then try again.",
} as const;
