/**
 * The e-mail as subscribers get it (decision record 018), at a desktop mail pane's width and at a
 * phone's, side by side. Each frame is sandboxed with no permission at all: the mail's HTML runs no
 * script and its links cannot take the back office's page with them.
 */
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/issue-form";

const FRAMES = [
  { label: NEWSLETTER_TEXT.desktop, width: 640 },
  { label: NEWSLETTER_TEXT.phone, width: 375 },
] as const;

export function NewsletterPreview({ html }: { html: string }) {
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="mb-2 font-semibold">
        {NEWSLETTER_TEXT.preview}
      </h2>
      <div className="flex flex-wrap items-start gap-4 overflow-x-auto">
        {FRAMES.map((frame) => (
          <figure key={frame.width} className="shrink-0">
            <figcaption className="mb-1 text-xs text-gray-600">{frame.label}</figcaption>
            <iframe
              title={`${NEWSLETTER_TEXT.preview}: ${frame.label}`}
              sandbox=""
              srcDoc={html}
              width={frame.width}
              height={720}
              className="rounded border border-gray-300 bg-white"
            />
          </figure>
        ))}
      </div>
    </section>
  );
}
