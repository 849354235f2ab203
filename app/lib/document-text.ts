/**
 * A rendered document's text carried beside its Response (decision record 020). The reader pages'
 * renderer makes a string; reading it back out of a web stream to write it to the socket (or to the
 * page cache) cost more than rendering a shared part. The server takes the text when it is there, and
 * anyone else reads the body as usual: it is made from the text only when read.
 */
const DOCUMENT_TEXT = Symbol.for("newsdesk.document-text");

type WithText = Response & { [DOCUMENT_TEXT]?: string };

export function documentResponse(text: string, init: ResponseInit): Response {
  // No chunk wanted in advance (highWaterMark 0): the text is encoded only if someone reads the body.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response: WithText = new Response(body, init);
  response[DOCUMENT_TEXT] = text;
  return response;
}

/** The document's text when the response carries it (its body then never needs reading), else null. */
export function documentTextOf(response: Response): string | null {
  return (response as WithText)[DOCUMENT_TEXT] ?? null;
}
