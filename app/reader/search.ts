/**
 * As-you-type search on /search: 300 ms after the last keystroke the page
 * for the query is fetched and its results replace the ones shown; the address follows the box
 * without adding history entries. Submitting the form is a plain GET, with or without this.
 */
export const SEARCH_DEBOUNCE_MS = 300;

/** The address of the results for what is in the box: /search, or /search?q=<trimmed query>. */
export function searchUrl(action: string, text: string): string {
  const query = text.trim();
  return query ? `${action}?${new URLSearchParams({ q: query })}` : action;
}

function wireSearch(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>("input[name=q]");
  const results = document.querySelector<HTMLElement>("[data-search-results]");
  const spinner = form.querySelector<HTMLElement>("[data-search-spinner]");
  if (!input || !results) return;
  const action = new URL(form.action).pathname;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: AbortController | undefined;

  const run = async () => {
    const url = searchUrl(action, input.value);
    latest?.abort();
    const request = (latest = new AbortController());
    if (spinner) spinner.hidden = false;
    try {
      const response = await fetch(url, { signal: request.signal });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.querySelector("[data-search-results]");
      if (!fresh) throw new Error(`no results in the answer (${response.status})`);
      results.replaceChildren(...fresh.childNodes);
      document.title = page.title;
      history.replaceState(history.state, "", url);
    } catch (error) {
      // A newer keystroke cancelled this one; any other failure leaves the box to a plain submit.
      if (!request.signal.aborted) console.warn("[reader] search failed", error);
    } finally {
      if (latest === request && spinner) spinner.hidden = true;
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, SEARCH_DEBOUNCE_MS);
  });
  // Submitting loads the results page as without this (a new history entry).
  form.addEventListener("submit", () => {
    clearTimeout(timer);
    latest?.abort();
  });
}

export function wireSearchForms() {
  document.querySelectorAll<HTMLFormElement>("form[data-search]").forEach(wireSearch);
}
