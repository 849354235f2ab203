/** http_ece ships no types: the part of its API the test push service uses (push-service-double.ts). */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's key pair; the sender's public key is read from the message's keyid. */
    privateKey: ECDH;
    authSecret: Buffer;
  }
  /** Throws when the record does not authenticate or its padding is wrong. */
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
