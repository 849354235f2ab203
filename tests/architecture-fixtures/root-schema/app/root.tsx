// The root route loading the schema, and Drizzle with it, into every page's bundle.
import { articles } from "#app/db/schema";

export const rootParts = [articles];
