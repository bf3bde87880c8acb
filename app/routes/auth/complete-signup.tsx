// Placeholder: being built (invitations). Replaced by the real page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
export default function Placeholder() {
  return null;
}
