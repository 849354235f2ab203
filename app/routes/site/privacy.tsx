import { LegalPage, type LegalSection } from "#app/components/site/legal-page";
import { shownContactDetails } from "#app/domain/settings/contact-details";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteDate } from "#app/lib/dates";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/privacy";

/** The spec shows today's date as the last-updated date, in the site's date format. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  return {
    siteTitle: settings.siteTitle.trim() || "Newsdesk",
    contactEmail: shownContactDetails(settings).adminEmail,
    lastUpdated: siteDate(new Date(), settings),
  };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: "Privacy Policy",
    description: "What personal data we collect, why, how long we keep it and your rights.",
    path: "/privacy",
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { siteTitle, contactEmail, lastUpdated } = loaderData;
  const contact = contactEmail ? (
    <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
  ) : (
    <a href="/contact">our contact page</a>
  );
  const sections: LegalSection[] = [
    {
      heading: "Who we are",
      body: (
        <p>
          {siteTitle} is a news publisher based in Ghana. We are responsible for the personal data described
          in this policy and handle it in line with the Data Protection Act, 2012 (Act 843) of Ghana.
        </p>
      ),
    },
    {
      heading: "What we collect",
      body: (
        <>
          <p>
            You can read the site without giving us any personal data. We collect only what you choose to send
            us or what your browser sends:
          </p>
          <ul>
            <li>
              Comments: your name, e-mail address, the comment and the network address it was sent from.
            </li>
            <li>Contact messages: your name, e-mail address, subject and message.</li>
            <li>
              Technical data: your network address and browser type, kept in our server logs to run and
              protect the site.
            </li>
            <li>
              A list of the articles you have opened, stored only in your own browser, so that each visit is
              counted once.
            </li>
          </ul>
        </>
      ),
    },
    {
      heading: "How we use it",
      body: (
        <ul>
          <li>To publish your comment after review, with your name (never your e-mail address).</li>
          <li>To answer your message and to follow up a news tip.</li>
          <li>
            To count article views and to stop spam and abuse, for example by limiting how many comments one
            address can post.
          </li>
        </ul>
      ),
    },
    {
      heading: "Cookies and advertising",
      body: (
        <p>
          Readers get no tracking cookie from us. Staff who sign in receive a session cookie that is needed to
          keep them signed in. If advertising or analytics services are switched on, those providers may set
          their own cookies under their own privacy policies.
        </p>
      ),
    },
    {
      heading: "Sharing",
      body: (
        <p>
          We do not sell personal data. We share it only with service providers that host the site for us, or
          when the law requires it.
        </p>
      ),
    },
    {
      heading: "How long we keep it",
      body: (
        <p>
          Published comments stay with their article until the article or comment is removed. Contact messages
          are kept for as long as needed to deal with them and no longer than two years. Server logs are kept
          for a short period for security.
        </p>
      ),
    },
    {
      heading: "Your rights",
      body: (
        <p>
          You may ask to see, correct or delete the personal data we hold about you, including a comment you
          posted. Write to us at {contact}.
        </p>
      ),
    },
    {
      heading: "Changes to this policy",
      body: <p>We may update this policy; the date at the top shows when it last changed.</p>,
    },
  ];
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={lastUpdated}
      intro={
        <p>
          This policy explains what personal data {siteTitle} collects when you read, comment on or contact us
          through this website, and how we use it.
        </p>
      }
      sections={sections}
    />
  );
}
