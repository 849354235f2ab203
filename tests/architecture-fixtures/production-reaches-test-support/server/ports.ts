// A server module borrowing a test helper.
import { freePort } from "#test-support/server-processes";

export const pickPort = freePort;
