/**
 * The entry of the compiled server bundle (`build/server/index.js`): the React Router build, the
 * Express server and the command-line tools in one module graph, compiled once by `npm run build` so
 * that production never transpiles at run time. `bin/newsdesk.mjs` calls these commands.
 */
import * as build from "virtual:react-router/server-build";
import { createUserCommand } from "../scripts/create-user";
import { importCommand } from "../scripts/import";
import { serve } from "./serve";

export const commands = {
  start: async () => {
    await serve({ build });
  },
  "user:create": createUserCommand,
  import: importCommand,
} satisfies Record<string, (args: string[]) => Promise<void>>;
