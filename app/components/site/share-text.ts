/** The share buttons' texts ("Copy link" and its confirmation), for the page and the reader script. */
export const SHARE_TEXT = {
  copiedTitle: "Link Copied",
  copied: "Article link has been copied to your clipboard!",
  instagramTitle: "Link Copied",
  instagram: "Article link copied! You can now paste it in Instagram.",
  copyFailedTitle: "Copy Failed",
  copyFailed: "The link could not be copied. Please copy it from the address bar.",
} as const;
