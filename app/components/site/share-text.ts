/** The share buttons' texts (public-site.md section 8, "Copy link"), for the page and the reader script. */
export const SHARE_TEXT = {
  copiedTitle: "Link Copied",
  copied: "Article link has been copied to your clipboard!",
  instagramTitle: "Link Copied",
  instagram: "Article link copied! You can now paste it in Instagram.",
  copyFailedTitle: "Copy Failed",
  copyFailed: "The link could not be copied. Please copy it from the address bar.",
} as const;
