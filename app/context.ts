/** What the HTTP server hands every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as Express sees it (honours TRUST_PROXY). */
    clientIp: string;
  }
}
export {};
