/** The words of two-factor sign-in: the code page at sign-in and the set-up page in Profile. */
export const TWO_FACTOR_TEXT = {
  // Sign-in
  codeHeading: "Two-factor sign-in",
  codeIntro: "Enter the 6-digit code from your authenticator app.",
  codeLabel: "Authentication code",
  codeHint: "Lost your phone? Enter one of your recovery codes instead.",
  verify: "Verify",
  wrongCode: "That code is not right. Check your app and enter the newest code.",
  reusedCode: "That code has already been used. Wait for the next code in your app.",
  tooManyCodes: "Too many codes tried. Please try again later.",
  challengeOver: "Please sign in again.",
  challengeOverMessage: "Your sign-in timed out or had too many wrong codes.",
  // Profile
  sectionHeading: "Two-Factor Sign-In",
  sectionOff: "Off. Signing in needs only your password.",
  sectionOn: "On. Signing in needs your password and a code from your authenticator app.",
  setUp: "Set up two-factor sign-in",
  manage: "Manage",
  setupHeading: "Set Up Two-Factor Sign-In",
  required: "This site requires two-factor sign-in for admins and editors. Set it up to continue.",
  scanStep:
    "1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).",
  manualKey: "Can't scan it? Enter this key in the app instead:",
  confirmStep: "2. Enter the 6-digit code the app shows, to check it is set up.",
  turnOn: "Turn on",
  setupCodeWrong: "That code does not match. Check the app's clock and enter the newest code.",
  turnedOnTitle: "Two-factor sign-in is on",
  recoveryHeading: "Your recovery codes",
  recoveryIntro:
    "Keep these somewhere safe, away from your phone. Each signs you in once if you lose your phone. They are shown only now.",
  recoveryLeft: (n: number) => `${n} recovery code${n === 1 ? "" : "s"} left.`,
  newRecoveryCodes: "Make new recovery codes",
  newRecoveryCodesDone: "New recovery codes made. The old ones no longer work.",
  turnOff: "Turn off two-factor sign-in",
  turnedOff: "Two-factor sign-in is off",
  turnOffRequired: "This site requires two-factor sign-in for your role, so it cannot be turned off.",
  resetHint:
    "If they have lost their phone and their recovery codes, turn it off: they sign in with their password and set it up again.",
  resetByAdmin: (name: string) => `Two-factor sign-in turned off for ${name}.`,
  resetConfirm: (name: string) =>
    `Turn off two-factor sign-in for ${name}? Until they set it up again, their password alone signs them in.`,
  passwordToChange: "Enter your current password to change two-factor sign-in.",
} as const;
