// A route reaching the database past the domain through Drizzle's subpaths and the drivers.
import { PGlite } from "@electric-sql/pglite";
import { pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm/sql";
import pg from "pg";

export const loaderParts = [PGlite, pgTable, sql, pg];
