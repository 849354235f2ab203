// A domain rule answering in HTTP: a flash message, the error mapper, the auth guard and a component.
import { requireUser } from "#app/auth/guard.server";
import { useToast } from "#app/components/ui/toast";
import { redirectWithToast } from "#app/lib/flash.server";
import { statusOf } from "#app/lib/http-errors.server";

export const publishParts = [requireUser, useToast, redirectWithToast, statusOf];
