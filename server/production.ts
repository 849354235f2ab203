/**
 * The entry of the compiled server bundle (`build/server/index.js`): the React Router build, the
 * Express server and the command-line tools in one module graph, compiled once by `npm run build` so
 * that production never transpiles at run time. `bin/newsdesk.mjs` calls these commands.
 */
import * as build from "virtual:react-router/server-build";
import { backupCommand } from "../scripts/backup";
import { createUserCommand } from "../scripts/create-user";
import { importCommand } from "../scripts/import";
import { restoreCommand } from "../scripts/restore";
import { explanation } from "./explain-failure";
import { startSite } from "./workers";

type Command = (args: string[]) => Promise<void>;

/**
 * A refusal (a bad setting, a port in use, an e-mail address taken, a missing file) is one line on
 * stderr and exit code 1: a newcomer reads what to do, not a stack trace. It is the command's answer to
 * the person who ran it, not a log event (docs/architecture.md, "Logging").
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
      // Under npm start's supervisor (bin/supervise.mjs), or a worker under the cluster's primary: it
      // ends with us without a line of its own.
      if (process.send) process.send({ newsdesk: "explained" }, () => process.exit(1));
      else process.exit(1);
    }
  };

export const commands = {
  // One process, or on PostgreSQL a primary and its WEB_CONCURRENCY workers (server/workers.ts).
  start: reported(async () => {
    await startSite({ build });
  }),
  "user:create": reported(createUserCommand),
  import: reported(importCommand),
  backup: reported(backupCommand),
  restore: reported(restoreCommand),
} satisfies Record<string, Command>;
