/**
 * A throwaway TLS certificate for 127.0.0.1, made with node:crypto alone, for test servers that must
 * speak HTTPS. The test push service needs one because `web-push` sends every notification with
 * `https.request`, whatever the endpoint's scheme says: an `http://` endpoint fails with "wrong version
 * number". Node 20 can sign but cannot build an X.509 certificate, so the few DER structures of a
 * self-signed certificate (RFC 5280) are written out here; a client trusts it by naming it as its `ca`.
 */
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from "node:crypto";

export interface LoopbackCertificate {
  /** PKCS#8 PEM, for `https.createServer({ key })`. */
  key: string;
  /** PEM, for the server's `cert` and the client's `ca` (or a file named in NODE_EXTRA_CA_CERTS). */
  certificate: string;
}

const DER_TAG = {
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  objectIdentifier: 0x06,
  utf8String: 0x0c,
  utcTime: 0x17,
  sequence: 0x30,
  set: 0x31,
  /** `[0] EXPLICIT`: the certificate's version. */
  version: 0xa0,
  /** `[3] EXPLICIT`: the certificate's extensions. */
  extensions: 0xa3,
  /** GeneralName `iPAddress [7] IMPLICIT OCTET STRING`. */
  ipAddress: 0x87,
} as const;

/** Encoded object identifiers (the bytes after the tag and length). */
const OID = {
  ecdsaWithSha256: Buffer.from("2a8648ce3d040302", "hex"), // 1.2.840.10045.4.3.2
  commonName: Buffer.from("550403", "hex"), // 2.5.4.3
  subjectAltName: Buffer.from("551d11", "hex"), // 2.5.29.17
} as const;

const VALIDITY_MS = { before: 60 * 60 * 1000, after: 7 * 24 * 60 * 60 * 1000 } as const;

export function createLoopbackCertificate(commonName = "Newsdesk test server"): LoopbackCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const now = Date.now();
  const name = der(
    DER_TAG.sequence,
    der(
      DER_TAG.set,
      der(
        DER_TAG.sequence,
        der(DER_TAG.objectIdentifier, OID.commonName),
        der(DER_TAG.utf8String, Buffer.from(commonName)),
      ),
    ),
  );
  const signatureAlgorithm = der(DER_TAG.sequence, der(DER_TAG.objectIdentifier, OID.ecdsaWithSha256));
  // Node checks an IP address against the certificate's IP subjectAltName, never against its common name.
  const subjectAltName = der(
    DER_TAG.sequence,
    der(DER_TAG.objectIdentifier, OID.subjectAltName),
    der(DER_TAG.octetString, der(DER_TAG.sequence, der(DER_TAG.ipAddress, Buffer.from([127, 0, 0, 1])))),
  );
  const tbsCertificate = der(
    DER_TAG.sequence,
    der(DER_TAG.version, der(DER_TAG.integer, Buffer.from([2]))), // v3, which extensions need
    der(DER_TAG.integer, serialNumber()),
    signatureAlgorithm,
    name,
    der(
      DER_TAG.sequence,
      utcTime(new Date(now - VALIDITY_MS.before)),
      utcTime(new Date(now + VALIDITY_MS.after)),
    ),
    name, // self-signed: the subject is its own issuer
    publicKey.export({ type: "spki", format: "der" }),
    der(DER_TAG.extensions, der(DER_TAG.sequence, subjectAltName)),
  );
  const signature = sign("sha256", tbsCertificate, privateKey); // DER ECDSA-Sig-Value, as X.509 wants
  const certificate = der(
    DER_TAG.sequence,
    tbsCertificate,
    signatureAlgorithm,
    der(DER_TAG.bitString, Buffer.from([0]), signature), // 0 unused bits
  );
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certificate: new X509Certificate(certificate).toString(),
  };
}

/** One DER tag-length-value. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** 16 random bytes, positive and without a leading zero byte: DER integers are minimal and signed. */
function serialNumber(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes;
}

/** `YYMMDDHHMMSSZ` (UTCTime, the form RFC 5280 asks for until 2050). */
function utcTime(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-27T09:05:03.123Z
  const digits = iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
  return der(DER_TAG.utcTime, Buffer.from(`${digits}${iso.slice(17, 19)}Z`));
}
