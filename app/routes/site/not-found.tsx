import { data } from "react-router";

export function loader() {
  throw data(
    { title: "Page not found", message: "The page you are looking for does not exist or has been moved." },
    { status: 404 },
  );
}

export default function NotFound() {
  return null;
}
