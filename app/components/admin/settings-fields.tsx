/**
 * Inputs of the Settings and Ads screens, and the unsaved-changes tracking they share. Inputs are
 * uncontrolled with the values the server sent (the stored ones, or what was typed when a save was
 * refused), so what was typed is kept with or without JavaScript.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { SETTINGS_TEXT } from "#app/domain/settings/settings-form";
import type { FieldProblem } from "#app/domain/users/user-form";
import { useHydrated } from "./editor/use-hydrated";
import { describedBy, FormField, inputClass } from "./form-field";

export const settingsInputId = (field: string) => `settings-${field}`;

interface FieldProps {
  field: string;
  label: string;
  value: string;
  problem?: FieldProblem;
  hint?: ReactNode;
}

export function SettingsText({
  field,
  label,
  value,
  problem,
  hint,
  maxLength,
  type = "text",
  placeholder,
  multiline = false,
}: FieldProps & {
  maxLength?: number;
  type?: "text" | "url" | "email" | "tel";
  placeholder?: string;
  multiline?: boolean;
}) {
  const id = settingsInputId(field);
  const common = {
    id,
    name: field,
    defaultValue: value,
    maxLength,
    placeholder,
    className: inputClass,
    ...describedBy(id, problem),
  };
  return (
    <FormField id={id} label={label} problem={problem} hint={hint}>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} autoComplete="off" {...common} />}
    </FormField>
  );
}

export function SettingsNumber({
  field,
  label,
  value,
  problem,
  hint,
  min,
  max,
}: FieldProps & { min: number; max: number }) {
  const id = settingsInputId(field);
  return (
    <FormField id={id} label={label} problem={problem} hint={hint}>
      <input
        id={id}
        name={field}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        defaultValue={value}
        className={`${inputClass} max-w-48`}
        {...describedBy(id, problem)}
      />
    </FormField>
  );
}

export function SettingsSelect({
  field,
  label,
  value,
  problem,
  hint,
  options,
}: FieldProps & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = settingsInputId(field);
  // A stored value outside the list (an old import) stays visible, so saving shows its problem.
  const known = options.some((o) => o.value === value);
  return (
    <FormField id={id} label={label} problem={problem} hint={hint}>
      <select id={id} name={field} defaultValue={value} className={inputClass} {...describedBy(id, problem)}>
        {known ? null : <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** A checkbox posts "on" when ticked and nothing when not; its label sits beside it. */
export function SettingsCheckbox({
  field,
  label,
  value,
  problem,
  hint,
}: Omit<FieldProps, "value"> & { value: boolean }) {
  const id = settingsInputId(field);
  return (
    <div className="flex items-start gap-3 rounded-md border border-gray-200 px-3 py-2.5">
      <input
        id={id}
        name={field}
        type="checkbox"
        defaultChecked={value}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300 accent-brand-700"
        {...describedBy(id, problem)}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
        {problem ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {problem.title}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Whether the form's values differ from the saved ones. Checked on every edit; a form that remounts after
 * a successful save or reset starts clean again. Before hydration nothing is known: not dirty.
 */
export function useUnsavedChanges(fields: readonly string[], saved: Record<string, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [isDirty, setIsDirty] = useState(false);
  const check = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const current = new FormData(form);
    setIsDirty(fields.some((field) => String(current.get(field) ?? "") !== (saved[field] ?? "")));
  }, [fields, saved]);
  // After a refused save the inputs hold what was typed: they differ from the saved values at once.
  useEffect(check, [check]);
  return { formRef, isDirty, onChange: check };
}

/**
 * The bottom bar: 'You have unsaved changes' once anything is edited, and Save, disabled while saving or
 * when nothing changed. Without JavaScript nothing can be tracked, so Save stays enabled.
 */
export function SaveBar({
  isDirty,
  isSaving,
  label,
}: {
  isDirty: boolean;
  isSaving: boolean;
  label: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex rounded-b-lg flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 md:-mx-6 md:px-6">
      {isDirty ? (
        <p role="status" className="mr-auto text-sm font-medium text-amber-700">
          {SETTINGS_TEXT.unsaved}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={hydrated && (isSaving || !isDirty)}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {isSaving ? "Saving..." : label}
      </button>
    </div>
  );
}

/** A problem with the whole save (the spec's failure text), above the form. */
export function FormProblem({ problem }: { problem?: FieldProblem }) {
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <p className="font-semibold">{problem.title}</p>
      {problem.message ? <p>{problem.message}</p> : null}
    </div>
  );
}
