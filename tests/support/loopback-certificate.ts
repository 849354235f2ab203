/**
 * A throwaway TLS certificate for 127.0.0.1, for test servers that must speak HTTPS. The test push
 * service needs one because `web-push` sends every notification with `https.request`, whatever the
 * endpoint's scheme says: an `http://` endpoint fails with "wrong version number". Node can sign but not
 * build an X.509 certificate, so `@peculiar/x509` builds it (a devDependency; its dependency injection
 * needs the `reflect-metadata` polyfill loaded first). A client trusts it by naming it as its `ca`.
 *
 * package.json overrides `@peculiar/asn1-schema` and `@peculiar/asn1-x509` to one version: mailauth
 * pins older ones, and with two copies installed a structure registered in one is unknown to the other
 * ("Cannot get schema for 'AlgorithmIdentifier' target").
 */
import "reflect-metadata";
import { KeyObject, randomBytes, webcrypto } from "node:crypto";
import { SubjectAlternativeNameExtension, X509CertificateGenerator } from "@peculiar/x509";

export interface LoopbackCertificate {
  /** PKCS#8 PEM, for `https.createServer({ key })`. */
  key: string;
  /** PEM, for the server's `cert` and the client's `ca` (or a file named in NODE_EXTRA_CA_CERTS). */
  certificate: string;
}

const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const HOUR_MS = 60 * 60 * 1000;

/** Valid from an hour ago (a clock a little behind) for a week; self-signed with a fresh P-256 key. */
export async function createLoopbackCertificate(
  commonName = "Newsdesk test server",
): Promise<LoopbackCertificate> {
  const keys = await webcrypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"]);
  const now = Date.now();
  const certificate = await X509CertificateGenerator.createSelfSigned(
    {
      // Positive (RFC 5280 section 4.1.2.2): the first byte's high bit clear.
      serialNumber: `0${randomBytes(8).toString("hex").slice(1)}`,
      name: `CN=${commonName}`,
      notBefore: new Date(now - HOUR_MS),
      notAfter: new Date(now + 7 * 24 * HOUR_MS),
      signingAlgorithm: ECDSA_P256,
      keys,
      extensions: [new SubjectAlternativeNameExtension([{ type: "ip", value: "127.0.0.1" }])],
    },
    webcrypto as Crypto,
  );
  return {
    key: KeyObject.from(keys.privateKey).export({ type: "pkcs8", format: "pem" }).toString(),
    certificate: certificate.toString("pem"),
  };
}
