import { data } from "react-router";

export function meta() {
  return [{ title: "Page not found" }];
}

/** Every path no other route claims: a 404 with the root error view. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
