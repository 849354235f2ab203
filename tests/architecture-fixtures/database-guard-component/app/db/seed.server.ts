// The database layer reaching up to the auth guard and a component.
import { requireUser } from "#app/auth/guard.server";
import { ToastProvider } from "#app/components/ui/toast";

export const seedParts = [requireUser, ToastProvider];
