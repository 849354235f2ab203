/**
 * Live coverage under load (decision record 016), on the server with the page cache on:
 *
 * 1. "poll, unchanged" (`measurePoll`, right after the page loads): what every open page of a live
 *    story asks every 20-30 s. The poll (`/article/<slug>/updates`) is read once for its ETag, then
 *    loaded with `If-None-Match: <ETag>` as the pages are loaded, for its speed; then loaded again
 *    the same way with each answer's status and X-Cache counted: each should be a 304 from the page
 *    cache (X-Cache: HIT), a couple of hundred bytes of headers. The count needs a Lua hook per answer
 *    in wrk, which shares the machine's cores with the server and which the page loads do not pay: it
 *    is kept out of the run that is compared with them. That run's bytes per answer must be the
 *    counted run's (a 200 would be kilobytes larger), so its answers were the same 304s.
 * 2. "live page, an update every 5 s" (`measureUpdates`, after the sweep and its memory reading: a
 *    sign-in's scrypt would count in the readers' peak memory, and the purges in the sweep): the admin
 *    signs in over HTTP (the sign-in form, as a browser without JavaScript posts it) and posts an
 *    update through the back office's form every 5 s while the story's page and its poll are loaded in
 *    turn, the X-Cache answers counted. Each post purges the story's pages (its page, the poll, the
 *    pages linking to it); the share of hits says how much of the crowd a purge sends to a render.
 *
 * A post that is not answered with the redirect back to the live screen (refused, signed out, held for
 * two-factor set-up) is a problem of the measurement, not a skipped beat: the report fails the budget
 * and says why. Only 127.0.0.1 is contacted; posts are bounded (the load's seconds / 5, plus one).
 */
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { get, postForm } from "./http";
import { durationSeconds, load, type LoadResult, type LoadSettings } from "./load";

/** Seconds between two updates, as the acceptance asks. */
export const UPDATE_EVERY_S = 5;

export interface LivePost {
  /** Seconds from the start of the load to the post's answer. */
  at: number;
  status: number;
  /** Where the answer sent the browser (a redirect's Location), or "". */
  location: string;
  ms: number;
  ok: boolean;
}

export interface LiveFigures {
  pagePath: string;
  pollPath: string;
  /** The poll's full answer in bytes (gzip, as the first poll of an open page gets it). */
  pollGzipBytes: number;
  /** X-Cache of the first GET, then status and X-Cache of a conditional GET before the load. */
  pollBefore: string;
  /** The unchanged poll, `If-None-Match` sent with each request, loaded as the pages are. */
  poll: LoadResult | null;
  /** The same load again with each answer's status and X-Cache counted (the check of what it was). */
  pollCounted: LoadResult | null;
  /** The live page and its poll in turn, while updates are posted. */
  underUpdates: LoadResult | null;
  posts: LivePost[];
  /** The bound: the load's seconds / UPDATE_EVERY_S, plus one. */
  maxPosts: number;
  /**
   * Whatever made a figure wrong or missing, by measurement: an unexpected answer of the poll; a refused
   * sign-in, a failed post, a poll that did not show the last update.
   */
  problems: { poll: string[]; underUpdates: string[] };
  /**
   * The server's peak memory (VmHWM) after the updates, in bytes: it includes the admin's sign-in
   * (scrypt takes 32 MB for a moment), which the memory budget's reading, taken before it, leaves out.
   */
  peakRss: number | null;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** `name=value` pairs of an answer's Set-Cookie headers, as a browser sends them back. */
function cookiesOf(setCookie: string[] | undefined): string {
  return (setCookie ?? [])
    .map((cookie) => cookie.split(";")[0]?.trim() ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

/**
 * Signs in as the admin through the sign-in form; returns the Cookie header to send, or throws saying
 * what stood in the way (a wrong password, two-factor sign-in, a screen held for two-factor set-up).
 */
async function signIn(origin: string, email: string, password: string, liveScreen: string) {
  const answer = await postForm(
    `${origin}/admin/login`,
    { email, password },
    { headers: { Origin: origin } },
  );
  const location = header(answer.headers.location);
  if (location.startsWith("/admin/two-factor"))
    throw new Error(
      `${email} has two-factor sign-in: the bench cannot give a code (use an admin without it)`,
    );
  if (answer.status < 300 || answer.status >= 400 || !location.startsWith("/admin/dashboard"))
    throw new Error(`signing in as ${email} answered ${answer.status} ${location || "(no redirect)"}`);
  const cookie = cookiesOf(answer.headers["set-cookie"]);
  if (!cookie) throw new Error(`signing in as ${email} set no cookie`);
  // The screen an editor posts from: reachable, not held for two-factor set-up (Settings → Advanced).
  const screen = await get(`${origin}${liveScreen}`, { headers: { Cookie: cookie } });
  if (screen.status !== 200)
    throw new Error(
      `the live screen ${liveScreen} answered the signed-in admin ${screen.status} ${header(screen.headers.location)}`,
    );
  return cookie;
}

/** The live story's addresses: its page, its poll and the back office's live screen. */
function addressesOf(live: { articlePath: string; articleId: string }) {
  return {
    pagePath: live.articlePath,
    pollPath: `${live.articlePath}/updates`,
    liveScreen: `/admin/articles/live/${encodeURIComponent(live.articleId)}`,
  };
}

function noteProblem(
  figures: LiveFigures,
  measurement: keyof LiveFigures["problems"],
  text: string,
  log: (line: string) => void,
) {
  figures.problems[measurement].push(text);
  log(`  live: ${text}`);
}

/**
 * 1. The unchanged poll: read once for its ETag, then loaded with `If-None-Match` (the X-Cache answers
 * and the 304s counted). Run right after the page loads, on the server they were measured on.
 */
export async function measurePoll(
  origin: string,
  live: { articlePath: string; articleId: string },
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<LiveFigures> {
  const { pagePath, pollPath } = addressesOf(live);
  const figures: LiveFigures = {
    pagePath,
    pollPath,
    pollGzipBytes: 0,
    pollBefore: "-",
    poll: null,
    pollCounted: null,
    underUpdates: null,
    posts: [],
    maxPosts: Math.floor(durationSeconds(settings.duration) / UPDATE_EVERY_S) + 1,
    problems: { poll: [], underUpdates: [] },
    peakRss: null,
  };
  const problem = (text: string) => noteProblem(figures, "poll", text, log);
  const first = await get(`${origin}${pollPath}`);
  const etag = header(first.headers.etag);
  figures.pollGzipBytes = first.wireBytes;
  if (first.status !== 200 || !etag) {
    problem(`the poll ${pollPath} answered ${first.status}${etag ? "" : " without an ETag"}`);
    return figures;
  }
  const conditional = await get(`${origin}${pollPath}`, { headers: { "If-None-Match": etag } });
  figures.pollBefore = `${header(first.headers["x-cache"]) || "-"},${conditional.status} ${header(conditional.headers["x-cache"]) || "-"}`;
  if (conditional.status !== 304)
    problem(`the poll with its own ETag answered ${conditional.status}, not 304`);
  const headers = { "If-None-Match": etag };
  log(`  live poll, unchanged (If-None-Match: ${etag}): ${settings.duration} of load...`);
  figures.poll = await load(origin, [pollPath], settings, { headers });
  log(`  live poll, unchanged, answers counted: ${settings.duration} of load...`);
  const counted = await load(origin, [pollPath], settings, { countCache: true, headers });
  figures.pollCounted = counted;
  const notModified = counted.cache?.notModified ?? 0;
  if (notModified !== counted.requests)
    problem(`${counted.requests - notModified} of ${counted.requests} unchanged polls were not 304`);
  const sizeDiffers = Math.abs(figures.poll.bytesPerAnswer - counted.bytesPerAnswer) > 1;
  if (sizeDiffers)
    problem(
      `the poll's answers under load were ${figures.poll.bytesPerAnswer.toFixed(1)} bytes each, the counted 304s ${counted.bytesPerAnswer.toFixed(1)}: not all were the same 304`,
    );
  return figures;
}

/**
 * 2. The live page and its poll in turn, loaded while the admin (signed in through the sign-in form)
 * posts an update every UPDATE_EVERY_S seconds through the back office's form; fills `figures`.
 */
export async function measureUpdates(
  origin: string,
  live: { articlePath: string; articleId: string },
  figures: LiveFigures,
  settings: LoadSettings,
  admin: { email: string; password: string },
  log: (line: string) => void,
): Promise<void> {
  const { pagePath, pollPath, liveScreen } = addressesOf(live);
  const problem = (text: string) => noteProblem(figures, "underUpdates", text, log);
  let cookie: string;
  try {
    cookie = await signIn(origin, admin.email, admin.password, liveScreen);
  } catch (error) {
    problem(`no updates could be posted: ${(error as Error).message}`);
    return;
  }
  const run = crypto.randomBytes(3).toString("hex");
  const titleOf = (k: number) => `Bench update ${k + 1} (${run})`;
  log(
    `  live page and poll, an update every ${UPDATE_EVERY_S} s (at most ${figures.maxPosts}): ${settings.duration} of load...`,
  );
  let isLoading = true;
  const started = Date.now();
  const loading = load(origin, [pagePath, pollPath], settings, { countCache: true }).finally(
    () => (isLoading = false),
  );
  const posting = (async () => {
    for (let k = 0; k < figures.maxPosts; k++) {
      const due = started + k * UPDATE_EVERY_S * 1000;
      // Every one while the load runs; one due after it ends would not be measured.
      while (isLoading && Date.now() < due) await sleep(Math.min(50, due - Date.now()));
      if (!isLoading) break;
      const post = await postUpdate(origin, liveScreen, cookie, titleOf(k), started);
      figures.posts.push(post);
      log(
        `    update ${k + 1} at ${post.at.toFixed(1)} s: ${post.status} ${post.location || "(no redirect)"} in ${post.ms.toFixed(0)} ms${post.ok ? "" : "  FAILED"}`,
      );
      if (!post.ok)
        problem(`update ${k + 1} was not posted: ${post.status} ${post.location || "(no redirect)"}`);
    }
  })();
  const [underUpdates] = await Promise.all([loading, posting]);
  figures.underUpdates = underUpdates;

  // The readers' next poll shows the last update posted: the purges reached the poll.
  const last = figures.posts.findLastIndex((post) => post.ok);
  if (last >= 0) {
    const after = await get(`${origin}${pollPath}`);
    if (after.status !== 200 || !after.body.includes(titleOf(last)))
      problem(`the poll after the load (${after.status}) does not show "${titleOf(last)}"`);
  } else if (figures.posts.length === 0) problem("no update was due while the load ran");
}

/** Posts one update through the back office's form, as the admin; what came back, timed from `started`. */
async function postUpdate(
  origin: string,
  liveScreen: string,
  cookie: string,
  title: string,
  started: number,
): Promise<LivePost> {
  try {
    const answer = await postForm(
      `${origin}${liveScreen}`,
      { intent: "post", title, content: `<p>${title}: the bench posts this under load.</p>` },
      { headers: { Cookie: cookie, Origin: origin } },
    );
    const location = header(answer.headers.location);
    return {
      at: (Date.now() - started) / 1000,
      status: answer.status,
      location,
      ms: answer.ms,
      // Posted: the redirect back to the screen with its toast. A refusal answers the screen again
      // (4xx with the message), a lost session redirects to the sign-in page.
      ok: answer.status >= 300 && answer.status < 400 && new URL(location, origin).pathname === liveScreen,
    };
  } catch (error) {
    return {
      at: (Date.now() - started) / 1000,
      status: 0,
      location: (error as Error).message,
      ms: 0,
      ok: false,
    };
  }
}
