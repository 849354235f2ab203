/**
 * Creates a staff account from the command line (first admin recovery, test accounts):
 *   npm run user:create -- --email ama@example.com --name "Ama Mensah" --role editor --password s3cret99
 * or gives an existing account a new password, ending its sessions and e-mailed links as the back
 * office's password reset does:
 *   npm run user:create -- --email ama@example.com --password N3wPass99 --reset
 * The fields follow the back office's add-user rules (newUserSchema). Uses the same database as the
 * server (DATA_DIR or DATABASE_URL); run it while the server is stopped when on the embedded database.
 * Compiled into the server bundle (see server/production.ts); a refusal is one line there.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { users } from "#app/db/schema";
import { USER_ROLES } from "#app/lib/enums";
import { conflict, invalid, isDomainError, notFound } from "#app/lib/errors";
import { checkForm, newUserSchema, USER_TEXT_LIMITS, type FieldErrors } from "#app/domain/users/user-form";
import { createUser, updateUser } from "#app/domain/users/users.server";
import { config } from "#app/config.server";
import { closeServices, openServices } from "#app/services.server";
import { prepareDatabase } from "../server/start";

const USAGE =
  "Usage: npm run user:create -- --email EMAIL --password PASSWORD [--name NAME] [--role admin|editor|writer] [--reset]";

/** The first field's problem in the back office's words, as one line naming the option. */
function refusal(errors: FieldErrors) {
  const [field, problem] = Object.entries(errors)[0] ?? ["", { title: "Invalid input" }];
  const hint = field === "role" ? ` (${USER_ROLES.join(", ")})` : "";
  return invalid(`--${field}: ${problem.title}${hint}${problem.message ? `. ${problem.message}` : "."}`);
}

export async function createUserCommand(args: string[]) {
  const { values } = options(args);
  if (!values.email || !values.password) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  if (values.reset) return resetPassword(values.email, values.password);
  const checked = checkForm(newUserSchema, {
    email: values.email,
    password: values.password,
    name: values.name ?? defaultName(values.email),
    role: values.role,
    status: values.status,
  });
  if (!checked.ok) throw refusal(checked.errors);
  const database = await prepareDatabase();
  const services = await openServices(config(), database.db);
  try {
    const user = await createUser(services, checked.data, null);
    console.log(`Created ${user.role} ${user.email}`);
  } catch (error) {
    if (!isDomainError(error, "conflict")) throw error;
    throw conflict(
      `${checked.data.email} already has an account. To give it a new password: npm run user:create -- --email ${checked.data.email} --password NEW_PASSWORD --reset`,
    );
  } finally {
    await closeServices(services);
    await database.close();
  }
}

/** Without --name, the address's local part ("ama"), or the whole address when that is too short for a name. */
function defaultName(email: string) {
  const local = email.split("@")[0] ?? "";
  return local.length >= USER_TEXT_LIMITS.nameMin ? local : email;
}

/** The command's options; an unknown one or a missing value is a refusal of one line, with the usage. */
function options(args: string[]) {
  try {
    return parseOptions(args);
  } catch (error) {
    throw invalid(`${(error as Error).message.split("\n")[0]} ${USAGE}`);
  }
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "writer" },
      password: { type: "string" },
      status: { type: "string", default: "active" },
      reset: { type: "boolean", default: false },
    },
  });
}

/** A new password for an existing account, through the back office's edit-user save (updateUser). */
async function resetPassword(email: string, password: string) {
  const checked = checkForm(newUserSchema.pick({ email: true, password: true }), { email, password });
  if (!checked.ok) throw refusal(checked.errors);
  const database = await prepareDatabase();
  const services = await openServices(config(), database.db);
  try {
    const [account] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, checked.data.email))
      .limit(1);
    if (!account)
      throw notFound(
        `There is no account with the e-mail address ${checked.data.email}: leave out --reset to create one.`,
      );
    // The account acts on itself: the activity log names it, and nothing about it but the password changes.
    await updateUser(services, { id: account.id, name: account.name, email: account.email }, account.id, {
      ...account,
      password: checked.data.password,
    });
    console.log(`New password set for ${account.email}; its sessions and e-mailed links have ended.`);
  } finally {
    await closeServices(services);
    await database.close();
  }
}
