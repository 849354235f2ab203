import type { ReactNode } from "react";

/**
 * The card of the pages before the back office (sign in, forgot password, set password, the second
 * factor), under the site's name and with a way back to the site: someone who came to the wrong door
 * sees whose door it is and leaves without the browser's back button. Plain links: the reader site is
 * another document with its own script.
 */
export function AuthCard({
  siteTitle,
  title,
  intro,
  children,
}: {
  siteTitle: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-100 px-4">
      <a href="/" className="font-serif text-xl font-bold text-gray-900 hover:underline">
        {siteTitle}
      </a>
      <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow">
        <h1 className="text-center font-serif text-2xl font-bold text-brand-700">{title}</h1>
        {intro ? <p className="mt-1 text-center text-sm text-gray-600">{intro}</p> : null}
        {children}
      </div>
      <a href="/" className="text-sm text-gray-600 hover:underline">
        ← Back to {siteTitle}
      </a>
    </main>
  );
}

export function AuthAlert({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const colours =
    tone === "error"
      ? "border-red-200 bg-red-50 text-red-700"
      : "border-green-200 bg-green-50 text-green-800";
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mt-6 rounded-md border px-3 py-2 text-sm ${colours}`}
    >
      {children}
    </p>
  );
}
