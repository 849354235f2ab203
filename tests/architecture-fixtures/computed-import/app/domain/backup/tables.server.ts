// A module named by an expression: no check can tell which layer it loads.
export const loadTable = (name: string) => import(`#app/db/${name}`);
