/** Turns a category save's refusal into the form's answer: field errors stay beside their fields. */
import { data } from "react-router";
import type { CategoryFieldErrors } from "#app/lib/article-form";
import { isRefusal, refusalStatus } from "#app/lib/refusal";
import type { CategoryFormValues } from "#app/components/admin/category-form";

export async function categorySaveReply<T>(
  values: CategoryFormValues,
  failureText: string,
  work: () => Promise<T>,
) {
  try {
    await work();
    return null;
  } catch (error) {
    if (refusalStatus(error) === 403) throw error;
    if (isRefusal(error)) {
      const payload = error.data as { fieldErrors?: CategoryFieldErrors; error?: string };
      return data(
        { values, fieldErrors: payload.fieldErrors ?? {}, problem: payload.error ?? failureText },
        { status: error.init?.status ?? 400 },
      );
    }
    console.error("[categories] save failed", error);
    return data({ values, fieldErrors: {} as CategoryFieldErrors, problem: failureText }, { status: 500 });
  }
}
