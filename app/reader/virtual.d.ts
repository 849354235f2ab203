/** The reader script's address, given by scripts/vite-reader-script.ts. */
declare module "virtual:reader-script" {
  const url: string;
  export default url;
}
