/**
 * The Settings form: left tabs (General, Content, Comments, Social Media, Analytics, SEO, Reader Revenue, Advanced) over
 * one form that holds every field, so Save posts them all. Inactive panels are only hidden. The tabs are
 * `?tab=` links: without JavaScript they load the page on that tab; in the browser they switch at once
 * and keep what was typed. The same zod schema as the server checks the form before it is sent.
 */
import { useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { ChevronRight } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import {
  DATE_FORMATS,
  DEFAULT_SETTINGS_TAB,
  LANGUAGE_LABELS,
  LANGUAGES,
  SETTINGS_FIELDS,
  SETTINGS_LABELS,
  SETTINGS_LIMITS,
  SETTINGS_TABS,
  settingsFormSchema,
  SOCIAL_NETWORKS,
  START_OF_WEEK,
  START_OF_WEEK_LABELS,
  tabOfField,
  TIME_FORMATS,
  TIMEZONES,
  type SettingsField,
  type SettingsTab,
} from "#app/domain/settings/settings-form";
import { checkForm, type FieldErrors } from "#app/domain/users/user-form";
import { formatDate } from "#app/lib/dates";
import { useHydrated } from "./editor/use-hydrated";
import {
  SaveBar,
  SettingsCheckbox,
  SettingsNumber,
  SettingsSelect,
  SettingsText,
  settingsInputId,
  useUnsavedChanges,
} from "./settings-fields";

const SAMPLE_DATE = new Date(Date.UTC(2025, 2, 14, 15, 30));

const TAB_INTRO: Record<SettingsTab, string> = {
  general: "The site's name, address and contact details, shown in the header, footer and contact page.",
  content: "How many articles a list shows, how dates and times read, and the newsletter signup.",
  comments: "Whether readers may comment and how new comments are handled.",
  social: "Links to the outlet's accounts, shown in the header and footer. Leave empty to hide one.",
  analytics: "Measurement ids for the analytics tags, added to the public pages only.",
  seo: "Defaults for search engines and site ownership checks.",
  revenue: "What readers pay for passes, in GHS. A price of 0 takes that pass off sale.",
  advanced: "Maintenance mode and the page cache.",
};

/** The Editions screen, Settings' tab of its own (decision record 022). */
export const EDITIONS_PATH = "/admin/settings/editions";

export const settingsTabHref = (tab: SettingsTab) =>
  tab === DEFAULT_SETTINGS_TAB ? "/admin/settings" : `/admin/settings?tab=${tab}`;

export function SettingsForm({
  values,
  saved,
  serverErrors,
  initialTab,
  scriptSources,
}: {
  /** What the inputs show: the saved values, or what was typed when a save was refused. */
  values: Record<SettingsField, string>;
  saved: Record<SettingsField, string>;
  serverErrors?: FieldErrors;
  initialTab: SettingsTab;
  /** What the public pages' security policy lets run (app/domain/snippets/public-csp.server.ts). */
  scriptSources: { hashes: string[]; hosts: string[] };
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = useMemo(() => clientErrors ?? serverErrors ?? {}, [clientErrors, serverErrors]);
  const { formRef, isDirty, onChange } = useUnsavedChanges(SETTINGS_FIELDS, saved);

  // A refused save opens the tab of the first problem.
  useEffect(() => {
    const first = serverErrors ? tabOfField(Object.keys(serverErrors)[0] ?? "") : undefined;
    if (first) setTab(first);
  }, [serverErrors]);

  // On a phone the tabs scroll sideways: keep the open one in sight.
  useEffect(() => {
    document.getElementById(`settings-tab-${tab}`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab]);

  const errorCount = (id: SettingsTab) =>
    Object.keys(errors).filter((field) => tabOfField(field) === id).length;

  const showTab = (next: SettingsTab, focus = false) => {
    setTab(next);
    // The address keeps the tab for a reload, without asking the server for anything.
    window.history.replaceState(window.history.state, "", settingsTabHref(next));
    if (focus) document.getElementById(`settings-tab-${next}`)?.focus();
  };
  const onTabClick = (next: SettingsTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    showTab(next);
  };
  const onTabKey = (event: KeyboardEvent<HTMLElement>) => {
    const index = SETTINGS_TABS.findIndex((t) => t.id === tab);
    const last = SETTINGS_TABS.length - 1;
    const target: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const to = Object.hasOwn(target, event.key) ? target[event.key] : undefined;
    const next = to === undefined ? undefined : SETTINGS_TABS[to];
    if (!next) return;
    event.preventDefault();
    showTab(next.id, true);
  };

  const v = values;
  const p = (field: SettingsField) => errors[field];
  const label = (field: SettingsField) => SETTINGS_LABELS[field];
  const L = SETTINGS_LIMITS;
  const text = (
    field: SettingsField,
    max: number,
    extra: Partial<Parameters<typeof SettingsText>[0]> = {},
  ) => (
    <SettingsText
      key={field}
      field={field}
      label={label(field)}
      value={v[field]}
      problem={p(field)}
      maxLength={max}
      {...extra}
    />
  );
  const checkbox = (field: SettingsField, hint?: string) => (
    <SettingsCheckbox
      key={field}
      field={field}
      label={label(field)}
      value={v[field] === "on"}
      problem={p(field)}
      hint={hint}
    />
  );

  return (
    <Form
      method="post"
      noValidate
      ref={formRef}
      onChange={onChange}
      onSubmit={(event) => {
        const result = checkForm(settingsFormSchema, Object.fromEntries(new FormData(event.currentTarget)));
        if (result.ok) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        setClientErrors(result.errors);
        const [first] = Object.keys(result.errors);
        if (first === undefined) return;
        const firstTab = tabOfField(first);
        if (firstTab) setTab(firstTab);
        requestAnimationFrame(() => document.getElementById(settingsInputId(first))?.focus());
      }}
      className="md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:gap-6"
    >
      <input type="hidden" name="tab" value={tab} />
      <div className="mb-4 md:mb-0 md:self-start">
        <div
          role="tablist"
          aria-label="Settings sections"
          aria-orientation="vertical"
          onKeyDown={onTabKey}
          className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
        >
          {SETTINGS_TABS.map((t) => {
            const isActive = t.id === tab;
            const problems = errorCount(t.id);
            return (
              <a
                key={t.id}
                id={`settings-tab-${t.id}`}
                href={settingsTabHref(t.id)}
                role="tab"
                aria-selected={isActive}
                aria-controls={`settings-panel-${t.id}`}
                tabIndex={hydrated && !isActive ? -1 : undefined}
                onClick={onTabClick(t.id)}
                className={`flex shrink-0 items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? "bg-brand-700 text-white"
                    : "border border-gray-200 bg-white text-gray-700 hover:bg-gray-50 md:border-transparent md:bg-transparent"
                }`}
              >
                {t.label}
                {problems > 0 ? (
                  <span
                    className={`rounded-full px-1.5 text-xs font-semibold ${isActive ? "bg-white text-red-700" : "bg-red-600 text-white"}`}
                  >
                    {problems}
                    <span className="sr-only"> {problems === 1 ? "problem" : "problems"}</span>
                  </span>
                ) : null}
              </a>
            );
          })}
        </div>
        {/* Decision record 022: editions are rows with actions of their own, which this one form cannot hold. */}
        <Link
          to={EDITIONS_PATH}
          className="mt-1 flex items-center justify-between gap-2 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-gray-50 md:border-transparent md:bg-transparent"
        >
          Editions <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>

      <div className="min-w-0 rounded-lg border border-gray-200 bg-white px-4 pt-4 md:px-6 md:pt-6">
        <Panel id="general" active={tab}>
          <div className="grid gap-4 md:grid-cols-2">
            {text("siteTitle", L.siteTitle)}
            {text("siteDescription", L.siteDescription)}
            {text("siteUrl", L.siteUrl, { type: "url", placeholder: "https://" })}
            {text("adminEmail", L.adminEmail, { type: "email" })}
            {text("streetAddress", L.streetAddress)}
            {text("contactNumber", L.contactNumber, { type: "tel" })}
            <SettingsSelect
              field="timezone"
              label={label("timezone")}
              value={v.timezone}
              problem={p("timezone")}
              options={TIMEZONES.map((zone) => ({ value: zone, label: zone }))}
            />
            <SettingsSelect
              field="language"
              label={label("language")}
              value={v.language}
              problem={p("language")}
              options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] }))}
            />
          </div>
        </Panel>

        <Panel id="content" active={tab}>
          <div className="grid gap-4 md:grid-cols-2">
            <SettingsNumber
              field="postsPerPage"
              label={label("postsPerPage")}
              value={v.postsPerPage}
              problem={p("postsPerPage")}
              min={L.postsPerPageMin}
              max={L.postsPerPageMax}
              hint={`From ${L.postsPerPageMin} to ${L.postsPerPageMax}.`}
            />
            <SettingsSelect
              field="startOfWeek"
              label={label("startOfWeek")}
              value={v.startOfWeek}
              problem={p("startOfWeek")}
              options={START_OF_WEEK.map((day) => ({ value: day, label: START_OF_WEEK_LABELS[day] }))}
            />
            <SettingsSelect
              field="dateFormat"
              label={label("dateFormat")}
              value={v.dateFormat}
              problem={p("dateFormat")}
              options={DATE_FORMATS.map((f) => ({ value: f, label: `${formatDate(SAMPLE_DATE, f)} (${f})` }))}
            />
            <SettingsSelect
              field="timeFormat"
              label={label("timeFormat")}
              value={v.timeFormat}
              problem={p("timeFormat")}
              options={TIME_FORMATS.map((f) => ({ value: f, label: `${formatDate(SAMPLE_DATE, f)} (${f})` }))}
            />
          </div>
          <div className="mt-4 grid gap-3">
            {checkbox("enableNewsletter", "Shows the newsletter form on the public site.")}
            {checkbox(
              "newsletterDigestEnabled",
              "Every day, the day's top and latest stories go to confirmed subscribers (not on a day with nothing new). Needs SMTP_URL.",
            )}
            <SettingsSelect
              field="newsletterDigestHour"
              label={label("newsletterDigestHour")}
              value={v.newsletterDigestHour}
              problem={p("newsletterDigestHour")}
              options={Array.from({ length: 24 }, (_, hour) => ({
                value: String(hour),
                label: `${String(hour).padStart(2, "0")}:00 (site time zone)`,
              }))}
            />
            {checkbox(
              "newsletterBreakingEmail",
              "A story published as Breaking News is also e-mailed to confirmed subscribers, once.",
            )}
            {checkbox(
              "newsletterOpenCounts",
              "Issues carry an invisible image and counted links, so each issue shows how many opened it and followed a link. The signup form then says so.",
            )}
          </div>
        </Panel>

        <Panel id="comments" active={tab}>
          <div className="grid gap-3">
            {checkbox("allowComments", "Readers may comment on articles.")}
            {checkbox("moderateComments", "New comments wait for approval before they show.")}
            {checkbox("autoApproveComments", "New comments show at once.")}
            {checkbox("showRejectedComments", "Rejected comments stay visible to readers.")}
            {checkbox("showSpamComments", "Comments marked as spam stay visible to readers.")}
          </div>
        </Panel>

        <Panel id="social" active={tab}>
          <div className="grid gap-4 md:grid-cols-2">
            {SOCIAL_NETWORKS.map((n) =>
              text(n.field, L.socialLink, { type: "url", placeholder: "https://" }),
            )}
          </div>
        </Panel>

        <Panel id="analytics" active={tab}>
          <div className="grid gap-4 md:grid-cols-2">
            {text("googleAnalyticsId", L.googleAnalyticsId, {
              placeholder: "G-XXXXXXXXXX",
              hint: "G-… (or UA-…). Leave empty for no Google Analytics.",
            })}
            {text("facebookPixelId", L.facebookPixelId, {
              hint: "Digits only. Leave empty for no pixel.",
            })}
          </div>
          <div className="mt-4">
            {checkbox(
              "analyticsExcludeStaff",
              "Signed-in staff are not counted: the tags are left out of their pages. The back office never has them.",
            )}
          </div>
        </Panel>

        <Panel id="seo" active={tab}>
          <div className="grid gap-4">
            {text("seoMetaDescription", L.seoMetaDescription, {
              multiline: true,
              hint: `Up to ${L.seoMetaDescription} characters.`,
            })}
            {text("seoMetaKeywords", L.seoMetaKeywords, { hint: "Comma separated." })}
            <div className="grid gap-4 md:grid-cols-2">
              {text("googleSiteVerification", L.googleSiteVerification)}
              {text("bingSiteVerification", L.bingSiteVerification)}
            </div>
          </div>
        </Panel>

        <Panel id="revenue" active={tab}>
          <div className="grid gap-4 md:grid-cols-3">
            {(["passDayPrice", "passWeekPrice", "passMonthPrice"] as const).map((field) =>
              text(field, 12, { hint: "For example 2.00." }),
            )}
          </div>
          <div className="mt-4">
            <SettingsNumber
              field="meterPaidStories"
              label={label("meterPaidStories")}
              value={v.meterPaidStories}
              problem={p("meterPaidStories")}
              min={0}
              max={L.meterPaidStoriesMax}
              hint="Signed-in members without a pass read this many paid stories in full each month. 0: none."
            />
          </div>
        </Panel>

        <Panel id="advanced" active={tab}>
          <div className="grid gap-4">
            {checkbox(
              "maintenanceEnabled",
              "Readers see the maintenance message; signed-in staff browse as usual.",
            )}
            {text("maintenanceMessage", L.maintenanceMessage, {
              multiline: true,
              hint: `Up to ${L.maintenanceMessage} characters.`,
            })}
            {checkbox("cacheEnabled", "Public pages are cached for the duration below.")}
            <SettingsNumber
              field="cacheDuration"
              label={label("cacheDuration")}
              value={v.cacheDuration}
              problem={p("cacheDuration")}
              min={L.cacheDurationMin}
              max={L.cacheDurationMax}
              hint={`From ${L.cacheDurationMin} to ${L.cacheDurationMax} seconds.`}
            />
            {checkbox(
              "requireTwoFactor",
              "Admins and editors must set up an authenticator app before they can use the back office; they cannot turn it off.",
            )}
            <ScriptSourcesList sources={scriptSources} />
          </div>
        </Panel>

        <SaveBar isDirty={isDirty} isSaving={isSaving} label="Save Settings" />
      </div>
    </Form>
  );
}

/** Read-only: the security policy follows the code saved in Header & Footer Code, Analytics and Ads. */
function ScriptSourcesList({ sources }: { sources: { hashes: string[]; hosts: string[] } }) {
  const inline = sources.hashes.length;
  return (
    <section
      aria-labelledby="script-sources-heading"
      className="rounded border border-gray-200 bg-gray-50 p-3"
    >
      <h3 id="script-sources-heading" className="text-sm font-semibold">
        Scripts allowed on public pages
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        Public pages run only the site&apos;s own scripts and the code saved in Header &amp; Footer Code,
        Analytics and Ads; a script anyone else slips into a page is blocked. Inline event handlers
        (onclick=…) in that code do not run.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm break-all">
        <li>This site&apos;s own scripts</li>
        {inline > 0 ? (
          <li>
            {inline} inline {inline === 1 ? "script" : "scripts"} from that code, each by its fingerprint
          </li>
        ) : null}
        {sources.hosts.map((host) => (
          <li key={host}>
            <code>{host}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Panel({ id, active, children }: { id: SettingsTab; active: SettingsTab; children: ReactNode }) {
  const tab = SETTINGS_TABS.find((t) => t.id === id)!;
  return (
    <section
      id={`settings-panel-${id}`}
      role="tabpanel"
      aria-labelledby={`settings-tab-${id}`}
      hidden={id !== active}
    >
      <h2 className="text-lg font-semibold">{tab.label}</h2>
      <p className="mb-4 text-sm text-gray-600">{TAB_INTRO[id]}</p>
      {children}
    </section>
  );
}
