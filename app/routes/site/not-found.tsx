import { data } from "react-router";
import { withDomainErrors } from "#app/lib/http-errors.server";

export const loader = withDomainErrors(async () => {
  throw data(
    { title: "Page not found", message: "The page you are looking for does not exist or has been moved." },
    { status: 404 },
  );
});

export default function NotFound() {
  return null;
}
