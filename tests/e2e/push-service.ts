/**
 * Where the alert journeys name their push service for the site under test (playwright.config.ts
 * passes it as UNSAFE_TEST_PUSH_SERVICE): the site may send alerts to the service the file names, on
 * 127.0.0.1, only while the journey has written it (app/domain/push/push-network.server.ts).
 */
import os from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);

export const PUSH_SERVICE_FILE = path.join(os.tmpdir(), `newsdesk-e2e-${port}-push-service.json`);
