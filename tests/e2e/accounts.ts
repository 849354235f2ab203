/** The accounts the browser tests' server starts with (see playwright.config.ts). */
export const E2E_ACCOUNTS = {
  admin: { email: "admin@newsdesk.test", password: "AdminPass123", role: "admin", name: "Ada Admin" },
  editor: { email: "editor@newsdesk.test", password: "EditorPass123", role: "editor", name: "Edem Editor" },
  writer: { email: "writer@newsdesk.test", password: "WriterPass123", role: "writer", name: "Wale Writer" },
  /** Only for the lock-out test: its sign-in gets locked. */
  /** Only for the sessions journey: it signs this account out everywhere else. */
  sessions: {
    email: "sessions@newsdesk.test",
    password: "SessionsPass123",
    role: "editor",
    name: "Sena Sessions",
  },
  /** Only for the two-factor journey: it turns two-factor sign-in on. */
  twoFactor: {
    email: "twofactor@newsdesk.test",
    password: "TwoFactor123",
    role: "editor",
    name: "Tola Twofactor",
  },
  locked: { email: "lockme@newsdesk.test", password: "LockPass123", role: "writer", name: "Lock Test" },
} as const;
