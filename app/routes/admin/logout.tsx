import { useEffect } from "react";
import { data, Form, useNavigate } from "react-router";
import { AUTH_TEXT } from "#app/auth/messages";
import { deleteSession, destroySessionCookie, readSessionToken } from "#app/auth/session.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/logout";
import { logFailure } from "#app/lib/log.server";

const SIGN_OUT_REDIRECT_MS = 1500;

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const token = await readSessionToken(request.headers.get("Cookie"));
  try {
    if (token) await deleteSession(context.db, token);
  } catch (error) {
    // The cookie stays: the session is still valid, and the person should know and try again.
    logFailure("[auth] sign-out failed", error);
    return data(
      { problem: { title: AUTH_TEXT.signOutFailedTitle, message: AUTH_TEXT.signOutFailed } },
      { status: 500 },
    );
  }
  return data({ signedOut: true }, { headers: { "Set-Cookie": await destroySessionCookie(request) } });
});

export const meta: Route.MetaFunction = () => [{ title: "Sign Out" }, { name: "robots", content: "noindex" }];

export default function Logout({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const isSignedOut = Boolean(actionData && "signedOut" in actionData);
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  useEffect(() => {
    if (!isSignedOut) return;
    const timer = setTimeout(() => navigate("/admin/login", { replace: true }), SIGN_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSignedOut, navigate]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4">
      {isSignedOut ? (
        <div role="status" className="w-full max-w-sm rounded-lg bg-white p-8 text-center shadow">
          {/* Without JavaScript the page still moves on to the sign-in form. */}
          <meta httpEquiv="refresh" content={`${SIGN_OUT_REDIRECT_MS / 1000};url=/admin/login`} />
          <h1 className="font-serif text-2xl font-bold text-green-700">{AUTH_TEXT.signedOutTitle}</h1>
          <p className="mt-2 text-gray-700">{AUTH_TEXT.signedOut}</p>
        </div>
      ) : (
        <Form method="post" className="w-full max-w-sm rounded-lg bg-white p-8 text-center shadow">
          <h1 className="font-serif text-2xl font-bold">Sign Out</h1>
          {problem ? (
            <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
              <p className="font-semibold">{problem.title}</p>
              <p className="text-sm">{problem.message}</p>
            </div>
          ) : null}
          <p className="mt-2 text-gray-700">Sign out of the back office on this device?</p>
          <button type="submit" className="mt-4 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
            Sign Out
          </button>
        </Form>
      )}
    </main>
  );
}
