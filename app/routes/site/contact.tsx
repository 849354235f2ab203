import { Mail, MapPin, Phone } from "lucide-react";
import { data } from "react-router";
import { FormVerdict } from "#app/components/site/form-verdict";
import { CONTACT_TEXT } from "#app/domain/contact/contact-form";
import { submitContactMessage } from "#app/domain/contact/contact.server";
import { shownContactDetails } from "#app/domain/settings/contact-details";
import { getSettings } from "#app/domain/settings/settings.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import type { Route } from "./+types/contact";
import { formText } from "#app/lib/form";
import { logFailure } from "#app/lib/log.server";

interface ContactActionData {
  ok: boolean;
  title: string;
  message: string;
  values?: { name: string; email: string; subject: string; message: string };
}

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  const shown = shownContactDetails(settings);
  return {
    siteTitle: settings.siteTitle,
    contact: { email: shown.adminEmail, phone: shown.contactNumber, address: shown.streetAddress },
  };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  // In maintenance nothing a reader sends is stored: refused before the form is even read.
  await refuseReadersInMaintenance(request, context);
  const form = Object.fromEntries(await request.formData());
  const text = (v: FormDataEntryValue | undefined) => formText(v);
  const values = {
    name: text(form.name),
    email: text(form.email),
    subject: text(form.subject),
    message: text(form.message),
  };
  try {
    await submitContactMessage(context.db, values, { ip: context.clientIp });
    return {
      ok: true,
      title: CONTACT_TEXT.sentTitle,
      message: CONTACT_TEXT.sent,
    } satisfies ContactActionData;
  } catch (error) {
    // A refusal (bad input, too many messages) is told beside the form, which keeps what was typed.
    if (isDomainError(error))
      return data(
        {
          ok: false,
          title: error.title ?? CONTACT_TEXT.failedTitle,
          message: error.message,
          values,
        } satisfies ContactActionData,
        { status: statusOf(error) },
      );
    // The cause stays in the log: a database message means nothing to a reader.
    logFailure("[contact] storing a contact message failed", error);
    return data(
      {
        ok: false,
        title: CONTACT_TEXT.failedTitle,
        message: CONTACT_TEXT.failed,
        values,
      } satisfies ContactActionData,
      { status: 500 },
    );
  }
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: "Contact Us",
    description: "Send a message to the newsroom: news tips, corrections, advertising and feedback.",
    path: "/contact",
  });

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, siteTitle } = loaderData;

  // Only a form sent without the reader script comes back as the route's action data (app/reader/forms.ts).
  const typed = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">Contact Us</h1>
      <p className="mt-3 max-w-[65ch] text-lg text-gray-700">
        Have a news tip, a correction or a question for the {siteTitle} newsroom? Send us a message and an
        editor will get back to you.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <form
          method="post"
          noValidate
          data-form="contact"
          aria-label="Contact form"
          className="space-y-5 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8"
        >
          {actionData ? <FormVerdict result={actionData} /> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="contact-name" className="block text-sm font-medium text-gray-800">
                Name
              </label>
              <input
                id="contact-name"
                name="name"
                type="text"
                required
                autoComplete="name"
                maxLength={100}
                defaultValue={typed?.name}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="contact-email" className="block text-sm font-medium text-gray-800">
                Email
              </label>
              <input
                id="contact-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                defaultValue={typed?.email}
                className={inputClass}
              />
            </div>
          </div>
          <div>
            <label htmlFor="contact-subject" className="block text-sm font-medium text-gray-800">
              Subject <span className="font-normal text-gray-600">(optional)</span>
            </label>
            <input
              id="contact-subject"
              name="subject"
              type="text"
              maxLength={200}
              defaultValue={typed?.subject}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="contact-message" className="block text-sm font-medium text-gray-800">
              Message
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              required
              maxLength={5000}
              defaultValue={typed?.message}
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            data-busy-label="Sending…"
            className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Send Message
          </button>
        </form>
        <aside aria-labelledby="contact-details-heading" className="rounded-lg bg-brand-900 p-6 text-blue-50">
          <h2 id="contact-details-heading" className="font-serif text-xl font-bold text-white">
            Get in touch
          </h2>
          {/* Only the details the admin has set (placeholders count as not set): no empty lines. */}
          {contact.address || contact.phone || contact.email ? (
            <ul className="mt-4 space-y-4">
              {contact.address ? (
                <li className="flex gap-3">
                  <MapPin aria-hidden className="mt-0.5 shrink-0" size={20} />
                  <span>{contact.address}</span>
                </li>
              ) : null}
              {contact.phone ? (
                <li className="flex gap-3">
                  <Phone aria-hidden className="mt-0.5 shrink-0" size={20} />
                  <a
                    href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {contact.phone}
                  </a>
                </li>
              ) : null}
              {contact.email ? (
                <li className="flex gap-3">
                  <Mail aria-hidden className="mt-0.5 shrink-0" size={20} />
                  <a
                    href={`mailto:${contact.email}`}
                    className="break-all underline-offset-2 hover:underline"
                  >
                    {contact.email}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
          <p className="mt-6 text-sm text-blue-100">
            We read every message. For corrections, please include the article's title or link.
          </p>
        </aside>
      </div>
    </main>
  );
}
