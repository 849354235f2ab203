/** The words of the e-mailed account links (account-links.server.ts) and the pages they open. */
export const ACCOUNT_LINK_TEXT = {
  forgotHeading: "Reset your password",
  forgotIntro: "Enter the e-mail address you sign in with. We will send you a link to choose a new password.",
  sent: "Check your e-mail",
  sentMessage:
    "If an account uses that address, we have sent it a link to reset the password. The link works once, for 30 minutes.",
  rateLimited: "Too many reset requests. Please wait a while and try again.",
  emailNotConfigured:
    "E-mail is not configured on this site, so passwords cannot be reset by e-mail. Ask an administrator to set a new password for you.",
  linkInvalid: "This link has expired or has already been used.",
  linkInvalidHint: "Ask for a new link to reset your password.",
  resetHeading: "Choose a new password",
  inviteHeading: "Welcome! Choose your password",
  passwordSet: "Password set",
  passwordSetMessage: "Sign in with your new password.",
  inviteSent: (name: string, email: string) => `An invitation has been sent to ${name} (${email}).`,
  inviteFailed:
    "The account was created, but the invitation e-mail could not be sent. Set a password on the user's page, or try again later.",
} as const;
