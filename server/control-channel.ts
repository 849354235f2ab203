/**
 * The running server's local control channel: a Unix domain socket, `DATA_DIR/newsdesk.sock`, that only
 * the account running the server can open (mode 0600), so no network client ever reaches it.
 *
 * Why: on the embedded database the server holds the data folder (app/db/data-folder-lock.server.ts,
 * decision record 012), so `npm run backup` beside it cannot open the database a second time. It asks
 * the server instead, which writes the snapshot from the database it already has open. `npm run
 * restore` uses the channel only to tell that a server runs, and refuses.
 *
 * The protocol is one JSON request line, answered by JSON lines: `{"progress": "..."}` any number of
 * times, then `{"done": summary}` or `{"error": {"code", "message"}}`.
 */
import { rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Database } from "#app/db/client.server";
import { writeBackup, type BackupSummary } from "#app/domain/backup/dump.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import { DomainError, isDomainError, type DomainErrorCode } from "#app/lib/errors";
import { logFor } from "#app/lib/log.server";

const log = logFor("control-channel");

export const CONTROL_SOCKET = "newsdesk.sock";
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 100;
/** A request is one short line (a command and a folder path): more than this is not a request. */
export const MAX_REQUEST_BYTES = 4 * 1024;
/** A connection that sends no whole request within this is closed, so none holds the channel open. */
const REQUEST_TIMEOUT_MS = 10_000;

export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), CONTROL_SOCKET);

interface BackupRequest {
  command: "backup";
  dir: string;
}

export interface ControlChannel {
  close(): Promise<void>;
}

/**
 * What every connection to the channel shares: the database and the media store (the server's
 * services), and whether a backup is being written.
 */
interface Channel {
  database: Database;
  media: MediaServices;
  requestTimeoutMs: number;
  isBusy: boolean;
}

/**
 * Opens the channel. Called once the server holds the data folder's lock, so a socket file found there
 * is left over from a server that died: it is replaced.
 */
export async function startControlChannel(
  database: Database,
  media: MediaServices,
  dataDir: string,
  { requestTimeoutMs = REQUEST_TIMEOUT_MS }: { requestTimeoutMs?: number } = {},
): Promise<ControlChannel | null> {
  const file = controlSocketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) {
    log.warn(
      { socket: file },
      "The data folder's path is too long for the control socket: npm run backup needs the server stopped.",
    );
    return null;
  }
  removeSocket(file);
  const channel: Channel = { database, media, requestTimeoutMs, isBusy: false };
  const server = net.createServer((socket) => handleConnection(channel, socket));
  await listenPrivately(server, file);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        removeSocket(file);
      }),
  };
}

/** Reads one connection's request line, within the time allowed, and answers it. */
function handleConnection(channel: Channel, socket: net.Socket) {
  socket.setEncoding("utf8");
  const send = (message: object) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  const refuse = (code: DomainErrorCode, message: string) => {
    send({ error: { code, message } });
    // Closed from this side whether or not the other end ever closes its own.
    socket.end(() => socket.destroy());
  };
  // Only until the request has come: a backup then runs as long as it needs, with no line for minutes.
  socket.setTimeout(channel.requestTimeoutMs, () =>
    refuse("invalid", "No request came on the control channel in time: the connection is closed."),
  );
  let received = "";
  socket.on("data", (chunk: string) => {
    received += chunk;
    const end = received.indexOf("\n");
    if (end < 0 && Buffer.byteLength(received) <= MAX_REQUEST_BYTES) return;
    socket.removeAllListeners("data");
    socket.setTimeout(0);
    if (end < 0 || end > MAX_REQUEST_BYTES)
      return refuse("invalid", "The request on the control channel is too long: it is one short line.");
    void answerRequest(channel, received.slice(0, end), send).finally(() => socket.end());
  });
  socket.on("error", () => {}); // the command went away: nothing to answer
}

/** Runs the one command the channel takes, a backup, and sends its progress and its end. */
async function answerRequest(channel: Channel, line: string, send: (message: object) => void) {
  try {
    const request = JSON.parse(line) as BackupRequest;
    if (request?.command !== "backup" || typeof request.dir !== "string" || !path.isAbsolute(request.dir))
      throw new DomainError(
        "invalid",
        "The server's control channel takes only: backup to an absolute folder.",
      );
    if (channel.isBusy)
      throw new DomainError("conflict", "A backup is being written already: wait for it to finish.");
    channel.isBusy = true;
    try {
      const summary = await writeBackup(channel.database.db, request.dir, {
        engine: channel.database.engine,
        media: channel.media,
        onProgress: (progress) => send({ progress }),
      });
      send({ done: summary });
    } finally {
      channel.isBusy = false;
    }
  } catch (error) {
    if (!isDomainError(error)) log.error({ err: error }, "A backup asked through the control channel failed");
    send({
      error: {
        code: isDomainError(error) ? error.code : "unexpected",
        message: (error as Error).message,
      },
    });
  }
}

/**
 * The socket is created already private, 0600 by this umask (Linux and macOS apply it to sockets):
 * no moment when another account could connect, and no chmod needed after.
 */
async function listenPrivately(server: net.Server, file: string) {
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
}

function removeSocket(file: string) {
  try {
    if (statSync(file).isSocket()) rmSync(file, { force: true });
  } catch {
    // Not there.
  }
}

/** What the server answered: null when no server listens on the folder (then the command does the work). */
export async function askServerForBackup(
  dataDir: string,
  dir: string,
  onProgress: (line: string) => void,
): Promise<BackupSummary | null> {
  const file = controlSocketPath(dataDir);
  const socket = net.connect(file);
  socket.setEncoding("utf8");
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once("connect", () => resolve(true));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one left by a server that died: nobody answers.
      if (["ENOENT", "ECONNREFUSED", "ENOTSOCK"].includes(error.code ?? "")) resolve(false);
      else reject(error);
    });
  });
  if (!connected) return null;
  socket.write(`${JSON.stringify({ command: "backup", dir } satisfies BackupRequest)}\n`);
  return new Promise<BackupSummary>((resolve, reject) => {
    let pending = "";
    let settled = false;
    socket.on("data", (chunk: string) => {
      pending += chunk;
      let end: number;
      while (!settled && (end = pending.indexOf("\n")) >= 0) {
        let message: { progress?: string; done?: BackupSummary; error?: { code: string; message: string } };
        try {
          message = JSON.parse(pending.slice(0, end)) as typeof message;
          if (typeof message !== "object" || message === null) throw new Error("not an object");
        } catch {
          settled = true;
          socket.destroy();
          reject(
            new Error(
              "The server's answer on the control channel was not understood: is it the same Newsdesk version as this command?",
            ),
          );
          return;
        }
        pending = pending.slice(end + 1);
        if (message.progress) onProgress(message.progress);
        if (message.done) {
          settled = true;
          resolve(message.done);
        }
        if (message.error) {
          settled = true;
          reject(
            message.error.code === "unexpected"
              ? new Error(`The server failed to write the backup: ${message.error.message}`)
              : new DomainError(message.error.code as DomainErrorCode, message.error.message),
          );
        }
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      if (!settled) reject(new Error("The server closed the control channel before the backup was written."));
    });
  });
}

/** Whether a server answers on the folder's control channel. */
export async function serverAnswers(dataDir: string): Promise<boolean> {
  const socket = net.connect(controlSocketPath(dataDir));
  return new Promise<boolean>((resolve) => {
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
