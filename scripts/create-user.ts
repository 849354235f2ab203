/**
 * Creates a staff account from the command line (first admin recovery, test accounts):
 *   npm run user:create -- --email ama@example.com --name "Ama Mensah" --role editor --password s3cret99
 * Uses the same database as the server (DATA_DIR or DATABASE_URL); run it while the server is
 * stopped when on the embedded database. Compiled into the server bundle (see server/production.ts).
 */
import { parseArgs } from "node:util";
import { USER_ROLES } from "#app/lib/enums";
import { createUser } from "#app/domain/users/users.server";
import { prepareDatabase } from "../server/start";

export async function createUserCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "writer" },
      password: { type: "string" },
      status: { type: "string", default: "active" },
    },
  });

  const role = values.role as (typeof USER_ROLES)[number];
  if (!values.email || !values.password || !USER_ROLES.includes(role)) {
    console.error(
      "Usage: npm run user:create -- --email EMAIL --password PASSWORD [--name NAME] [--role admin|editor|writer]",
    );
    process.exitCode = 2;
    return;
  }
  const database = await prepareDatabase();
  try {
    const user = await createUser(
      database.db,
      {
        email: values.email,
        password: values.password,
        name: values.name ?? values.email.split("@")[0] ?? "",
        role,
        status: values.status as "active" | "inactive" | "pending",
      },
      null,
    );
    console.log(`Created ${user.role} ${user.email}`);
  } finally {
    await database.close();
  }
}
