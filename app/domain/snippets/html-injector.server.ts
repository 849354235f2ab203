/**
 * Puts admin-configured HTML into the document React streams out: before `</head>`, right after the
 * `<body>` tag, and before `</body>`.
 *
 * Why in the byte stream and not in React: React cannot render a raw HTML string without a wrapper
 * element, and the head allows no wrapper (a <div> there ends the head). Markup placed by the server
 * also runs its scripts while the page is parsed, exactly like a hand-written tag, and crawlers see it.
 * Hydration stays clean because React 19 skips unknown nodes left at the end of <head> and <body>
 * (HostSingleton tails); only nodes *before* React's first body child would trip it, so the body-start
 * code sits inside one element React never renders (<nd-snippets>, display: contents) and nothing
 * else, not even whitespace, is added there.
 */
import { StringDecoder } from "node:string_decoder";
import { PassThrough, Transform, type TransformCallback } from "node:stream";

interface InjectedHtml {
  head: string;
  bodyStart: string;
  bodyEnd: string;
}

const BODY_OPEN = /<body(?:\s[^>]*)?>/i;
const BODY_CLOSE = "</body>";

/** The wrapper that keeps body-start code out of React's way (see above). */
export const wrapBodyStart = (html: string) =>
  `<nd-snippets data-slot="body-start" style="display:contents">${html}</nd-snippets>`;

type Phase = "head" | "bodyStart" | "bodyEnd" | "done";

/**
 * A transform for the document stream. The head and the body tag arrive in React's first (shell)
 * chunk, so holding text back until the body tag costs nothing; after it only a marker-sized tail is
 * held, so streaming is not delayed. React 19 writes `</body></html>` last, after every streamed
 * boundary, so the first `</body>` after the body tag is the document's own.
 */
export function createHtmlInjector(html: InjectedHtml): Transform {
  if (!html.head && !html.bodyStart && !html.bodyEnd) return new PassThrough();
  const decoder = new StringDecoder("utf8");
  let phase: Phase = "head";
  let pending = "";

  function advance(out: string[]) {
    if (phase === "head") {
      const at = pending.indexOf("</head>");
      if (at === -1) return;
      out.push(pending.slice(0, at), html.head);
      pending = pending.slice(at);
      phase = "bodyStart";
    }
    if (phase === "bodyStart") {
      const match = BODY_OPEN.exec(pending);
      if (!match) return;
      const end = match.index + match[0].length;
      out.push(pending.slice(0, end), html.bodyStart ? wrapBodyStart(html.bodyStart) : "");
      pending = pending.slice(end);
      phase = "bodyEnd";
    }
    if (phase === "bodyEnd") {
      const at = pending.indexOf(BODY_CLOSE);
      if (at === -1) {
        // Keep a possible partial marker for the next chunk.
        const keep = BODY_CLOSE.length - 1;
        if (pending.length > keep) {
          out.push(pending.slice(0, pending.length - keep));
          pending = pending.slice(pending.length - keep);
        }
        return;
      }
      out.push(pending.slice(0, at), html.bodyEnd);
      pending = pending.slice(at);
      phase = "done";
    }
    if (phase === "done") {
      out.push(pending);
      pending = "";
    }
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      const out: string[] = [];
      advance(out);
      const text = out.join("");
      if (text) this.push(text);
      callback();
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      const out: string[] = [];
      advance(out);
      out.push(pending);
      const text = out.join("");
      if (text) this.push(text);
      callback();
    },
  });
}
