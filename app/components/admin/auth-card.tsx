/** The small centred card of the signed-out back-office pages: sign in, forgot password, set password. */
import type { ReactNode } from "react";

export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow">
        <h1 className="text-center font-serif text-2xl font-bold text-brand-700">{title}</h1>
        {intro ? <p className="mt-1 text-center text-sm text-gray-600">{intro}</p> : null}
        {children}
      </div>
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
