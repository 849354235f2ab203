/**
 * The entry of the compiled server bundle (`build/server/index.js`): the React Router build, the
 * Express server and the command-line tools in one module graph, compiled once by `npm run build` so
 * that production never transpiles at run time. `bin/newsdesk.mjs` calls these commands.
 */
import * as build from "virtual:react-router/server-build";
import { createUserCommand } from "../scripts/create-user";
import { importCommand } from "../scripts/import";
import { isDomainError } from "#app/lib/errors";
import { serve } from "./serve";

type Command = (args: string[]) => Promise<void>;

/** A database server that cannot be reached or refuses us: a setting to fix, not a bug to trace. */
const DATABASE_PROBLEMS = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "28P01", "28000", "3D000"];

/** What to tell the user about a failure, or null for a bug (which keeps its stack trace). */
function explanation(error: unknown): string | null {
  if (isDomainError(error)) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && DATABASE_PROBLEMS.includes(code)) {
    const detail = error instanceof Error && error.message ? `: ${error.message.split("\n")[0]}` : "";
    return `Cannot open the database of DATABASE_URL (${code}${detail}). Check its address, user, password and database name, and that the server is running.`;
  }
  return null;
}

/**
 * A refusal (a bad setting, a port in use, an e-mail address taken, a missing file) is one line on
 * stderr and exit code 1: a newcomer reads what to do, not a stack trace.
 */
const reported =
  (command: Command): Command =>
  async (args) => {
    try {
      await command(args);
    } catch (error) {
      const line = explanation(error);
      if (line === null) throw error;
      console.error(`[newsdesk] ${line}`);
      // Under npm start's supervisor (bin/supervise.mjs): it ends with us without a line of its own.
      if (process.send) process.send({ newsdesk: "explained" }, () => process.exit(1));
      else process.exit(1);
    }
  };

export const commands = {
  start: reported(async () => {
    await serve({ build });
  }),
  "user:create": reported(createUserCommand),
  import: reported(importCommand),
} satisfies Record<string, Command>;
