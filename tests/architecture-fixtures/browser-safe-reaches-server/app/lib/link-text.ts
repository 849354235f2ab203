import { SIGNING_KEY } from "./signing-key.server";

export const linkText = (title: string) => `${title} (${SIGNING_KEY.length})`;
