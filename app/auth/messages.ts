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
} as const;
