/** The one way a file size is shown (base 1024, at most two decimals; file-size.test.ts): "1.18 MB". */

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** Bytes, KB, MB or GB, base 1024, at most two decimals ("0 Bytes", "1.5 KB", "1.18 MB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}
