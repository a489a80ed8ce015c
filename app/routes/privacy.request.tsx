/** PLACEHOLDER (being written). */
export default function Page() {
  return <p>Privacy</p>;
}
