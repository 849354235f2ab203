/**
 * Every reader text, in English: the catalogue every other language is checked against and falls back to
 * (decision record 022, point 6). ICU MessageFormat: `{name}` is an argument, `{count, plural, one {…}
 * other {…}}` a count with its plural forms, `#` the number. The spec's texts are quoted verbatim.
 * A new reader text is a key here, never a literal in a component; `tw.json` and the other catalogues are
 * flat `{ key: message }` files for translators, each message with the same arguments as English's.
 */
export const EN_MESSAGES = {
  // The page around every reader page.
  "chrome.skipToContent": "Skip to content",
  "chrome.mainNav": "Main",
  "chrome.mobileNav": "Mobile",
  "chrome.footerNav": "Footer",
  "chrome.categoryNav": "Category menu",
  "chrome.openMenu": "Open menu",
  "chrome.menu": "Menu",
  "chrome.home": "Home",
  "chrome.news": "News",
  "chrome.lifestyle": "Lifestyle",
  "chrome.allArticles": "All Articles",
  "chrome.search": "Search",
  "chrome.contact": "Contact",
  "footer.quickLinks": "Quick Links",
  "footer.categories": "Categories",
  "footer.contactUs": "Contact Us",
  "footer.sendMessage": "Send us a message",
  "footer.latestNews": "Latest News",
  "footer.featuredNews": "Featured News",
  "footer.aboutUs": "About Us",
  "footer.privacy": "Privacy Policy",
  "footer.terms": "Terms of Service",
  "footer.copyright": "© {year} {siteTitle}. All rights reserved.",
  // Listings.
  "pagination.label": "Pagination",
  "pagination.previous": "Previous",
  "pagination.next": "Next",
  "pagination.page": "Page {page}",
  "trending.title": "Trending",
  "trending.empty": "No trending articles found.",
  // Dates: Settings → Content's date format names months and weekdays with these.
  "date.month1": "January",
  "date.month2": "February",
  "date.month3": "March",
  "date.month4": "April",
  "date.month5": "May",
  "date.month6": "June",
  "date.month7": "July",
  "date.month8": "August",
  "date.month9": "September",
  "date.month10": "October",
  "date.month11": "November",
  "date.month12": "December",
  "date.weekday0": "Sunday",
  "date.weekday1": "Monday",
  "date.weekday2": "Tuesday",
  "date.weekday3": "Wednesday",
  "date.weekday4": "Thursday",
  "date.weekday5": "Friday",
  "date.weekday6": "Saturday",
  "date.justNow": "Just now",
  "date.minutesAgo": "{count, plural, one {# minute ago} other {# minutes ago}}",
  "date.hoursAgo": "{count, plural, one {# hour ago} other {# hours ago}}",
  "date.daysAgo": "{count, plural, one {# day ago} other {# days ago}}",
  "date.weeksAgo": "{count, plural, one {# week ago} other {# weeks ago}}",
  "date.monthsAgo": "{count, plural, one {# month ago} other {# months ago}}",
  "date.yearsAgo": "{count, plural, one {# year ago} other {# years ago}}",
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof EN_MESSAGES;

/** What a message's arguments may be. */
export type MessageValues = Record<string, string | number>;
