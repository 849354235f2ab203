/**
 * Puts admin-configured HTML into a rendered public document: before `</head>`, right after the
 * `<body>` tag, and before `</body>`.
 *
 * Why in the document's text and not in React: React cannot render a raw HTML string without a wrapper
 * element, and the head allows no wrapper (a <div> there ends the head). Markup placed by the server
 * also runs its scripts while the page is parsed, exactly like a hand-written tag, and crawlers see it.
 * Public pages are never hydrated (decision record 005); the body-start code still sits inside one
 * element (<nd-snippets>, display: contents) so that it stays one box whatever the admins paste.
 */
export interface InjectedHtml {
  head: string;
  bodyStart: string;
  bodyEnd: string;
}

const BODY_OPEN = /<body(?:\s[^>]*)?>/i;
const BODY_CLOSE = "</body>";

/** The wrapper that keeps body-start code out of React's way (see above). */
export const wrapBodyStart = (html: string) =>
  `<nd-snippets data-slot="body-start" style="display:contents">${html}</nd-snippets>`;

/**
 * The document with the code in place. A public document is rendered whole (one string, decision
 * record 020): its head comes first, so the first `</head>` is the document's, and nothing follows
 * the document's own `</body>` but `</html>`, so the last one is (an article body is sanitised HTML
 * without body tags; text is escaped by React).
 */
export function injectPageCode(document: string, html: InjectedHtml): string {
  if (!html.head && !html.bodyStart && !html.bodyEnd) return document;
  let out = document;
  const headEnd = out.indexOf("</head>");
  if (headEnd !== -1 && html.head) out = out.slice(0, headEnd) + html.head + out.slice(headEnd);
  const bodyOpen = BODY_OPEN.exec(out);
  if (bodyOpen && html.bodyStart) {
    const end = bodyOpen.index + bodyOpen[0].length;
    out = out.slice(0, end) + wrapBodyStart(html.bodyStart) + out.slice(end);
  }
  const bodyEnd = out.lastIndexOf(BODY_CLOSE);
  if (bodyEnd !== -1 && html.bodyEnd) out = out.slice(0, bodyEnd) + html.bodyEnd + out.slice(bodyEnd);
  return out;
}
