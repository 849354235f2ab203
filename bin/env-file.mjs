// The settings file option of bin/newsdesk.mjs: `--env-file /etc/newsdesk.env`, anywhere among the
// arguments, loads the file that systemd's EnvironmentFile= gives the server, so a cron job runs a
// command with the server's settings without sourcing the file in sh (a value such as
// `SMTP_FROM=Newsdesk <newsroom@news.example.com>` is a syntax error there). Read by Node's own .env
// parser (util.parseEnv, as `node --env-file`); deploy/newsdesk.env.example keeps to the lines it and
// systemd read alike (scripts/env-file.test.ts checks both readings of it).
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

const OPTION = "--env-file";

/** A refusal of the option, said in one line by the caller. */
export class EnvFileError extends Error {}

/** `--env-file <path>` or `--env-file=<path>` taken out of the arguments (the last one given counts). */
export function takeEnvFileOption(args) {
  const rest = [];
  let file;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === OPTION) {
      file = args[++i];
      if (file === undefined || file === "")
        throw new EnvFileError(
          `${OPTION} needs the path of a settings file, e.g. ${OPTION} /etc/newsdesk.env.`,
        );
    } else if (arg.startsWith(`${OPTION}=`)) {
      file = arg.slice(OPTION.length + 1);
      if (file === "")
        throw new EnvFileError(
          `${OPTION} needs the path of a settings file, e.g. ${OPTION}=/etc/newsdesk.env.`,
        );
    } else rest.push(arg);
  }
  return { file, rest };
}

/** The settings a file holds, by name. */
export function readEnvFile(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = error?.code ?? String(error);
    throw new EnvFileError(
      code === "ENOENT"
        ? `There is no settings file ${file}: give the path of the file the server's EnvironmentFile= names.`
        : `Cannot read the settings file ${file} (${code}): run the command as the site's user, who can read it.`,
    );
  }
  return parseEnv(text);
}

/**
 * Loads a settings file into `env`. A variable already set in the environment wins, as with
 * `node --env-file`: `DATABASE_URL=... npm run restore -- --env-file ...` points one run elsewhere.
 */
export function loadEnvFile(file, env = process.env) {
  const settings = readEnvFile(file);
  for (const [name, value] of Object.entries(settings)) if (env[name] === undefined) env[name] = value;
  return settings;
}
