/** Layout of the policy pages (privacy, terms): title, last-updated date and numbered sections. */
import type { ReactNode } from "react";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-gray-600">Last updated: {lastUpdated}</p>
      <div className="mt-6 max-w-[70ch] text-[1.0625rem] leading-relaxed text-gray-800">{intro}</div>
      <ol className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <li key={section.heading}>
            <section aria-labelledby={`section-${index + 1}`}>
              <h2 id={`section-${index + 1}`} className="font-serif text-xl font-bold">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-2 max-w-[70ch] space-y-3 text-[1.0625rem] leading-relaxed text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </main>
  );
}
