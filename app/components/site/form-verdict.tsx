/**
 * The server's verdict on a reader form (comment, contact) sent as a plain POST, shown above the form.
 * The reader script sends the forms in the background and reads the verdict from the page the server
 * answers with (app/reader/forms.ts), hence data-form-result and the title-then-message paragraphs.
 */
export function FormVerdict({ result }: { result: { ok: boolean; title: string; message: string } }) {
  return (
    <div
      role={result.ok ? "status" : "alert"}
      data-form-result={result.ok ? "ok" : "problem"}
      className={`rounded-md border px-3 py-2 ${result.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
    >
      <p className="font-semibold">{result.title}</p>
      <p className="text-sm">{result.message}</p>
    </div>
  );
}
