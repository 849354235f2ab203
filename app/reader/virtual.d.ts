/** The reader scripts' addresses, given by scripts/vite-reader-script.ts. */
declare module "virtual:reader-script" {
  const url: string;
  export default url;
  /** The lite pages' script (app/reader/lite.ts). */
  export const liteScriptUrl: string;
}
