/**
 * Contact details readers may see. The spec's defaults are placeholders ("Default contact details are
 * placeholders"), and a news site never shows invented content
 * (decision record 007): installs seeded before that decision still hold these values, so they count as not
 * set. A detail that is not set is left out of the page, never replaced by a stand-in.
 */

/**
 * What earlier first starts stored as contact details (app/db/seed.server.ts, before decision record 007).
 */
export const PLACEHOLDER_CONTACT = {
  adminEmail: ["contact@example.com"],
  contactNumber: ["+233 00 000 0000"],
  streetAddress: ["Independence Avenue, Accra, Ghana"],
} as const satisfies Record<string, readonly string[]>;

interface ContactDetails {
  adminEmail: string;
  streetAddress: string;
  contactNumber: string;
}

const isSet = (value: string, placeholders: readonly string[]) => {
  const trimmed = value.trim();
  return trimmed !== "" && !placeholders.some((p) => p.toLowerCase() === trimmed.toLowerCase());
};

/** The stored contact details with placeholders and blanks emptied: an empty detail is not shown. */
export function shownContactDetails(stored: ContactDetails): ContactDetails {
  return {
    adminEmail: isSet(stored.adminEmail, PLACEHOLDER_CONTACT.adminEmail) ? stored.adminEmail.trim() : "",
    streetAddress: isSet(stored.streetAddress, PLACEHOLDER_CONTACT.streetAddress)
      ? stored.streetAddress.trim()
      : "",
    contactNumber: isSet(stored.contactNumber, PLACEHOLDER_CONTACT.contactNumber)
      ? stored.contactNumber.trim()
      : "",
  };
}
