/** Turns a category save's refusal into the form's answer: field errors stay beside their fields. */
import { data } from "react-router";
import type { CategoryFieldErrors } from "#app/lib/category-form";
import { expectedError, statusOf } from "#app/lib/http-errors.server";
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
    const known = expectedError(error, "[categories] save failed");
    if (known) {
      // A duplicate's problems stay beside their fields; any other refusal shows its text above the form.
      const fieldErrors: CategoryFieldErrors = known.fieldErrors ?? {};
      const problem = known.fieldErrors ? failureText : known.message;
      return data({ values, fieldErrors, problem }, { status: statusOf(known) });
    }
    return data({ values, fieldErrors: {} as CategoryFieldErrors, problem: failureText }, { status: 500 });
  }
}
