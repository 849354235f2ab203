/**
 * The server's control channel on a real embedded data folder: the backup command's request is answered
 * by the process that holds the folder, with progress lines and the summary; only the server's account
 * can open the socket; with no server, the command hears that nobody answers.
 */
import { existsSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server";
import { seedDatabase } from "#app/db/seed.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import {
  askServerForBackup,
  controlSocketPath,
  MAX_REQUEST_BYTES,
  serverAnswers,
  startControlChannel,
  type ControlChannel,
} from "./control-channel";

describe("the control channel of a server on an embedded data folder", () => {
  let dataDir: string;
  let database: Database;
  let channel: ControlChannel | null;
  let media: MediaServices;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-control-"));
    media = { store: localMediaStore(path.join(dataDir, "media")) };
    database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "Admin12345" });
    channel = await startControlChannel(database, media, dataDir, { requestTimeoutMs: 1_000 });
  }, 60_000);

  afterAll(async () => {
    await channel?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("the socket is in the data folder and only its owner may open it (mode 0600)", () => {
    const socket = statSync(controlSocketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  test("a backup asked through it is written by the server, with progress lines and a summary", async () => {
    const target = path.join(dataDir, "..", `${path.basename(dataDir)}-backup`);
    const lines: string[] = [];
    try {
      const summary = await askServerForBackup(dataDir, target, (line) => lines.push(line));
      expect(summary).toMatchObject({ dir: target, tables: expect.any(Number) });
      expect(summary!.rows).toBeGreaterThan(0);
      expect(lines).toContain("[backup] users: 1 row");
      const manifest = JSON.parse(await readFile(path.join(target, "manifest.json"), "utf8")) as {
        sourceEngine: string;
      };
      expect(manifest.sourceEngine).toBe("pglite");
      // Written by the server process, whose umask the command does not choose: private all the same.
      expect(statSync(target).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(target, "manifest.json")).mode & 0o777).toBe(0o600);

      // A refusal arrives as the same one-line refusal: the folder now holds a backup.
      await expect(askServerForBackup(dataDir, target, () => {})).rejects.toMatchObject({
        code: "invalid",
        message: expect.stringMatching(/is not empty: give a new or empty folder/),
      });
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  }, 60_000);

  test("a request longer than a few KB is refused in one line and the connection closed", async () => {
    const answer = await exchange(dataDir, "x".repeat(MAX_REQUEST_BYTES + 1000));
    expect(answer).toEqual({
      closed: true,
      lines: [
        JSON.stringify({
          error: {
            code: "invalid",
            message: "The request on the control channel is too long: it is one short line.",
          },
        }),
      ],
    });
  });

  test("a connection that sends no request is closed after the idle timeout", async () => {
    const started = Date.now();
    const answer = await exchange(dataDir, "");
    expect(answer.closed).toBe(true);
    expect(answer.lines).toEqual([expect.stringContaining("No request came on the control channel in time")]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  test("once closed, the socket is gone and the command hears that no server answers", async () => {
    expect(await serverAnswers(dataDir)).toBe(true);
    await channel!.close();
    channel = null;
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    expect(await serverAnswers(dataDir)).toBe(false);
    expect(await askServerForBackup(dataDir, path.join(dataDir, "never"), () => {})).toBeNull();
    expect(existsSync(path.join(dataDir, "never"))).toBe(false);
  });
});

test("an answer that is not JSON is one clear failure for the command, not an uncaught exception", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-control-garbled-"));
  const connections = new Set<net.Socket>();
  const impostor = net.createServer((socket) => {
    connections.add(socket);
    socket.on("error", () => {});
    socket.end("<html>not a Newsdesk server</html>\n");
  });
  await new Promise<void>((resolve) => impostor.listen(controlSocketPath(dataDir), resolve));
  try {
    await expect(askServerForBackup(dataDir, path.join(dataDir, "backup"), () => {})).rejects.toThrow(
      "The server's answer on the control channel was not understood: is it the same Newsdesk version as this command?",
    );
  } finally {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => impostor.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** Sends raw bytes on the channel; the lines answered, and whether the server closed the connection (5 s at most). */
async function exchange(dataDir: string, request: string): Promise<{ lines: string[]; closed: boolean }> {
  const socket = net.connect(controlSocketPath(dataDir));
  socket.setEncoding("utf8");
  let received = "";
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => {});
  if (request) socket.write(request);
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5_000);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  socket.destroy();
  return { lines: received.split("\n").filter(Boolean), closed };
}
