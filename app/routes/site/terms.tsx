import { LegalPage, type LegalSection } from "#app/components/site/legal-page";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteDate } from "#app/lib/dates";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/terms";

/** The spec shows today's date as the last-updated date, in the site's date format. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  return { siteTitle: settings.siteTitle.trim() || "Newsdesk", lastUpdated: siteDate(new Date(), settings) };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: "Terms of Service",
    description: "The terms for reading, sharing and commenting on our journalism.",
    path: "/terms",
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { siteTitle, lastUpdated } = loaderData;
  const sections: LegalSection[] = [
    {
      heading: "Using the site",
      body: (
        <p>
          You may read and share our articles for personal, non-commercial use. By using the site you accept
          these terms; if you do not accept them, please do not use the site.
        </p>
      ),
    },
    {
      heading: "Our content",
      body: (
        <p>
          Articles, photographs, videos and graphics on {siteTitle} are protected by the Copyright Act, 2005
          (Act 690) of Ghana and international law. You may quote short extracts with a link to the original
          article. Republishing a whole article or photograph needs our written permission.
        </p>
      ),
    },
    {
      heading: "Comments",
      body: (
        <>
          <p>
            Comments are reviewed before they appear. We may edit, decline or remove any comment. Please do
            not post anything that:
          </p>
          <ul>
            <li>is defamatory, threatening, hateful or incites violence;</li>
            <li>discloses someone&apos;s private information;</li>
            <li>infringes copyright, or is spam or advertising;</li>
            <li>pretends to be someone else.</li>
          </ul>
          <p>You remain responsible for what you post and allow us to publish it alongside our articles.</p>
        </>
      ),
    },
    {
      heading: "Accuracy and corrections",
      body: (
        <p>
          We work hard to be accurate, but news develops and mistakes happen. If you see an error, please tell
          us through <a href="/contact">our contact page</a> and we will correct it promptly.
        </p>
      ),
    },
    {
      heading: "Links and advertising",
      body: (
        <p>
          Links to other websites and advertisements are provided for convenience. We are not responsible for
          the content or practices of other sites.
        </p>
      ),
    },
    {
      heading: "Liability",
      body: (
        <p>
          The site is provided as it is. To the extent the law allows, {siteTitle} is not liable for losses
          arising from the use of the site or reliance on its content.
        </p>
      ),
    },
    {
      heading: "Governing law",
      body: (
        <p>
          These terms are governed by the laws of the Republic of Ghana, and the courts of Ghana have
          jurisdiction over any dispute.
        </p>
      ),
    },
    {
      heading: "Changes",
      body: (
        <p>
          We may change these terms; the date at the top shows when they last changed. Continuing to use the
          site means you accept the current terms.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={lastUpdated}
      intro={
        <p>
          These terms govern your use of the {siteTitle} website: reading, sharing and commenting on our
          journalism.
        </p>
      }
      sections={sections}
    />
  );
}
