/**
 * DKIM for tests: a fresh RSA key, and a check of a received message's signature by an independent
 * verifier (`mailauth`, a devDependency) that looks the public key up in a stand-in for DNS, as a
 * receiving mail server would at `<selector>._domainkey.<domain>`.
 */
import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import type { DkimSettings } from "#app/config.server";

export interface TestDkimKey extends DkimSettings {
  /** The DNS TXT record an operator would publish: `v=DKIM1; k=rsa; p=<public key>`. */
  txtRecord: string;
}

export function testDkimKey(domainName = "news.example.com", keySelector = "newsdesk"): TestDkimKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const p = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  return {
    domainName,
    keySelector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    txtRecord: `v=DKIM1; k=rsa; p=${p}`,
  };
}

/** Each DKIM signature of the message: its domain, whether it verifies, and the headers its h= names. */
export async function verifyDkim(raw: Buffer | string, key: TestDkimKey) {
  const { results } = await dkimVerify(raw, {
    resolver: async (name: string, type: string) => {
      if (type === "TXT" && name === `${key.keySelector}._domainkey.${key.domainName}`)
        return [[key.txtRecord]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
    },
  });
  const signatures = String(raw)
    .split(/\r?\n(?=\S)/)
    .filter((line) => /^dkim-signature:/i.test(line));
  return results.map((result, i) => ({
    domain: result.signingDomain,
    result: result.status.result,
    signedHeaders: (/\bh=([^;]+)/.exec((signatures[i] ?? "").replace(/\s+/g, ""))?.[1] ?? "")
      .toLowerCase()
      .split(":"),
  }));
}
