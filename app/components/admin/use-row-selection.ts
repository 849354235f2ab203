/**
 * The rows ticked for a bulk action in a back-office list: each row's checkbox is `name="ids"` with the
 * row's id as its value and belongs to the bulk form (`form={formId}`), so the form posts the ticked ids
 * with or without JavaScript.
 *
 * Rows ticked before the page's script has run (a slow phone shows the list seconds earlier) stay
 * ticked: React would untick them on its first render after hydration, as use-field-state.ts explains,
 * so the selection starts from the boxes ticked on the page.
 */
import { useCallback, useLayoutEffect, useState } from "react";

export function useRowSelection(formId: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  useLayoutEffect(() => {
    const ticked = document.querySelectorAll<HTMLInputElement>(
      `input[type="checkbox"][name="ids"][form="${formId}"]:checked`,
    );
    if (ticked.length > 0) setSelected(new Set(Array.from(ticked, (box) => box.value)));
    // Only the ticks made before the first render with React; later ones come through toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Ticks or unticks one row; without `on`, flips it. */
  const toggle = useCallback(
    (id: string, on?: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on ?? !next.has(id)) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  /** The header's "select all": every listed row, or none. */
  const selectAll = useCallback(
    (ids: readonly string[], on: boolean) => setSelected(new Set(on ? ids : [])),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, toggle, selectAll, clear };
}
