import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { createLoopbackCertificate } from "./loopback-certificate";

test("the certificate is self-signed for 127.0.0.1 with its own key, and valid now", async () => {
  const { key, certificate } = await createLoopbackCertificate("Newsdesk test server");
  const parsed = new X509Certificate(certificate);

  expect(parsed.subject).toBe("CN=Newsdesk test server");
  expect(parsed.issuer).toBe(parsed.subject);
  expect(parsed.checkIP("127.0.0.1")).toBe("127.0.0.1");
  expect(parsed.checkIP("10.0.0.1")).toBeUndefined();
  expect(parsed.verify(createPublicKey(createPrivateKey(key)))).toBe(true);
  expect(Date.parse(parsed.validFrom)).toBeLessThan(Date.now());
  expect(Date.parse(parsed.validTo)).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
});

test("an HTTPS client that names it as its CA connects; one that does not is refused", async () => {
  const { key, certificate } = await createLoopbackCertificate();
  const server = https.createServer({ key, cert: certificate }, (_request, response) =>
    response.end("hello"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const trusting = new https.Agent({ ca: certificate });
  try {
    await expect(get(url, trusting)).resolves.toBe("hello");
    await expect(get(url, new https.Agent())).rejects.toThrow(/self-signed certificate/);
  } finally {
    trusting.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function get(url: string, agent: https.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}
