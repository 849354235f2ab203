/** A labelled form field whose problem (the spec's title and message) shows right beside it. */
import type { ReactNode } from "react";
import type { FieldProblem } from "#app/domain/users/user-form";

export const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-red-500";

export function FormField({
  id,
  label,
  problem,
  hint,
  children,
}: {
  id: string;
  label: string;
  problem?: FieldProblem;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          <span className="font-semibold">{problem.title}</span>
          {problem.message ? <span className="block">{problem.message}</span> : null}
        </p>
      ) : hint ? (
        <p className="mt-1 text-xs text-gray-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** Attributes that tie an input to its problem for screen readers. */
export const describedBy = (id: string, problem?: FieldProblem) =>
  problem ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
