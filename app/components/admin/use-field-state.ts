/**
 * State for a form field that React controls, starting from what the reader left in the field before the
 * page's script ran.
 *
 * On a slow phone a back-office form is on screen, and usable, seconds before its script has run. React
 * does not read what was typed or chosen in that time, and its first render after hydration writes the
 * state back into a controlled field: an editor who chose "Draft" and pressed Update published the
 * story. Fields that the script replaces (the body's textarea becomes the rich editor, the tags field a
 * tag picker) lost what was typed into them the same way.
 *
 * So, once, when the field is first on the page with React attached, the state is read from the field.
 * A layout effect: it runs before the render that would write the old value back.
 */
import { useLayoutEffect, useState, type Dispatch, type RefObject, type SetStateAction } from "react";

type FormElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** By default: a checkbox's state is whether it is ticked; any other field's is its text. */
function readField(field: FormElement): string | boolean {
  return field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
}

export function useFieldState<T, E extends Element = FormElement>(
  initial: T,
  field: RefObject<E | null>,
  /** How the field's content becomes the state; by default the text, or the tick of a checkbox. */
  read: (element: E) => T = readField as unknown as (element: E) => T,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    const onPage = read(element);
    if (!sameValue(onPage, initial)) setValue(onPage);
    // Only what happened before the first render with React; later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return Object.is(a, b);
}
