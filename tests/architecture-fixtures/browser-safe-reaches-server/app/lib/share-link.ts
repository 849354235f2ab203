// Browser-safe by its name, yet it loads a server module through link-text.ts.
import { linkText } from "./link-text";

export const shareLink = (title: string) => `Read: ${linkText(title)}`;
