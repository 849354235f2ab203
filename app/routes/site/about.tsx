import { getSettings } from "#app/domain/settings/settings.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/about";

/** The site title from the settings; the product's own name when none is set. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  return { siteTitle: settings.siteTitle.trim() || "Newsdesk" };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: "About Us",
    description: "Who we are, what we stand for and how we report the news from Ghana.",
    path: "/about",
  });

const VALUES = [
  {
    name: "Integrity",
    text: "We report without fear or favour. No advertiser, party or sponsor decides what we publish, and we say so when we have an interest in a story.",
  },
  {
    name: "Accuracy",
    text: "We check before we publish, name our sources wherever we can and correct our mistakes openly and quickly.",
  },
  {
    name: "Timeliness",
    text: "News matters when it happens. We publish as soon as a story is verified and update it as it develops.",
  },
  {
    name: "Community",
    text: "We listen to our readers in every region, give voice to people who are rarely heard and welcome your tips and feedback.",
  },
];

const TEAM = [
  {
    role: "Editorial",
    text: "Editors who plan our coverage, check every story and answer for what we publish.",
  },
  {
    role: "Reporters",
    text: "Journalists in Accra, Kumasi, Tamale, Takoradi and Ho covering politics, business, sport and daily life.",
  },
  {
    role: "Photo and video",
    text: "Photographers and video journalists who show the stories behind the headlines.",
  },
  {
    role: "Digital",
    text: "The team that keeps the site fast, light on mobile data and open to every reader.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { siteTitle } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">About {siteTitle}</h1>
      <p className="mt-4 max-w-[68ch] text-lg leading-relaxed text-gray-700">
        {siteTitle} is an independent news service for readers in Ghana and Ghanaians everywhere: the
        day&apos;s news, explained clearly, on any phone.
      </p>

      <section aria-labelledby="mission" className="mt-10">
        <h2 id="mission" className="font-serif text-2xl font-bold">
          Our Mission
        </h2>
        <p className="mt-3 max-w-[68ch] text-[1.0625rem] leading-relaxed text-gray-800">
          To give every reader accurate, fair and timely news that helps them understand their country, hold
          power to account and take part in public life — in plain language, on pages that load quickly even
          on a slow connection.
        </p>
      </section>

      <section aria-labelledby="story" className="mt-10">
        <h2 id="story" className="font-serif text-2xl font-bold">
          Our Story
        </h2>
        <div className="mt-3 max-w-[68ch] space-y-4 text-[1.0625rem] leading-relaxed text-gray-800">
          <p>
            {siteTitle} began with a small group of journalists who believed that Ghanaian readers deserved a
            news site built for the way they actually read: on mobile phones, often on metered data, between
            work and family.
          </p>
          <p>
            Today our newsroom covers national politics, business and the economy, sport, entertainment, faith
            and community life, with reporters across the regions and a commitment to checking every story
            before it goes out.
          </p>
        </div>
      </section>

      <section aria-labelledby="values" className="mt-10">
        <h2 id="values" className="font-serif text-2xl font-bold">
          Our Values
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.name} className="rounded-lg border border-gray-200 bg-white p-5">
              <h3 className="text-lg font-bold text-brand-700">{value.name}</h3>
              <p className="mt-2 text-gray-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team" className="mt-10">
        <h2 id="team" className="font-serif text-2xl font-bold">
          Our Team
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {TEAM.map((member) => (
            <li key={member.role} className="rounded-lg bg-gray-50 p-5">
              <h3 className="font-bold">{member.role}</h3>
              <p className="mt-1 text-gray-700">{member.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="more" className="mt-10 rounded-lg bg-brand-900 p-6 text-blue-50 sm:p-8">
        <h2 id="more" className="font-serif text-2xl font-bold text-white">
          Read with us, talk to us
        </h2>
        <p className="mt-2 max-w-[60ch]">
          Have a story we should cover or a correction to report? We want to hear from you.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <a
            href="/contact"
            className="inline-flex min-h-11 items-center rounded-md bg-white px-5 font-semibold text-brand-900 hover:bg-blue-50"
          >
            Contact Us
          </a>
          <a
            href="/all-articles"
            className="inline-flex min-h-11 items-center rounded-md border border-white/60 px-5 font-semibold text-white hover:bg-white/10"
          >
            Browse All Articles
          </a>
        </div>
      </section>
    </main>
  );
}
