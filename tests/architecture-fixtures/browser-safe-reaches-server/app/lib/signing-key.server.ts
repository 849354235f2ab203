export const SIGNING_KEY = "server-only";
