/**
 * A filter form that applies itself: a changed select at once, typing after the spec's admin search
 * delay, so each keystroke does not load the list again. The form stays a plain GET form, so without
 * JavaScript its Filter button does the same.
 */
import { useEffect, useRef, type FormEvent } from "react";
import { useSubmit } from "react-router";

/** The spec's admin search delay. */
export const SEARCH_DELAY_MS = 300;

/** The `onChange` of the filter form. */
export function useAutoSubmit() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const isTyping = (event.target as HTMLElement).tagName === "INPUT";
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true }), isTyping ? SEARCH_DELAY_MS : 0);
  };
}
