import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  cleanLoginInput,
  LOGIN_FAILURES_BEFORE_LOCK,
  loginFormError,
  loginSchema,
} from "#app/auth/login-form";
import { signIn } from "#app/auth/login.server";
import { AUTH_TEXT } from "#app/auth/messages";
import { AuthCard } from "#app/components/admin/auth-card";
import { readDeviceToken } from "#app/auth/known-devices.server";
import { signedInRedirect, toSecondFactor } from "#app/auth/sign-in-response.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { parseForm } from "#app/lib/form";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in - Admin" },
  { name: "robots", content: "noindex" },
];

/** The sign-in page and its answers are never kept by a cache (a shared one would hand them to others). */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await context.currentUser();
  if (user && user.status === "active") throw redirect("/admin/dashboard");
  return { siteTitle: (await getSettings(context.db)).siteTitle };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const parsed = parseForm(loginSchema, { email, password });
  if (!parsed.ok) {
    return data(
      { error: Object.values(parsed.fieldErrors)[0], email: cleanLoginInput(email), locked: false },
      { status: 400 },
    );
  }
  const db = context.db;
  const result = await signIn(db, parsed.data, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
    deviceToken: readDeviceToken(request.headers.get("Cookie")),
  });
  if (!result.ok) {
    return data(
      { error: result.error, email: parsed.data.email, locked: result.locked },
      { status: result.locked ? 429 : 401 },
    );
  }
  if (result.secondFactor) return toSecondFactor(request, result.challenge);
  return signedInRedirect(request, db, result);
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [email, setEmail] = useState(actionData?.email ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(actionData?.error ?? null);
  const [failures, setFailures] = useState(0);
  const isSubmitting = navigation.state === "submitting";
  const isLocked = failures >= LOGIN_FAILURES_BEFORE_LOCK || Boolean(actionData?.locked);

  // Each refused sign-in counts toward the page-session lock of the spec (the server keeps its own).
  useEffect(() => {
    if (actionData?.error) {
      setError(actionData.error);
      if (actionData.error !== AUTH_TEXT.invalidEmail && actionData.error !== AUTH_TEXT.shortPassword) {
        setFailures((n) => n + 1);
      }
    }
  }, [actionData]);

  const shownError = isLocked ? AUTH_TEXT.tooManyAttempts : error;

  return (
    <AuthCard siteTitle={loaderData.siteTitle} title="Admin" intro="Sign in to the back office">
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(event) => {
          const problem = isLocked ? AUTH_TEXT.tooManyAttempts : loginFormError(email, password);
          if (problem) {
            event.preventDefault();
            setError(problem);
          }
        }}
      >
        {shownError ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {shownError}
          </p>
        ) : null}
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            disabled={isLocked}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value.replace(/[<>]/g, "").trimStart());
              setError(null);
            }}
            onBlur={() => setEmail(cleanLoginInput(email))}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none disabled:bg-gray-100"
          />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium text-gray-700">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            disabled={isLocked}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value.replace(/[<>]/g, "").trim());
              setError(null);
            }}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none disabled:bg-gray-100"
          />
        </div>
        <button
          type="submit"
          disabled={isLocked || isSubmitting}
          className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting ? "Signing in..." : "Sign In"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/forgot-password" className="text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
