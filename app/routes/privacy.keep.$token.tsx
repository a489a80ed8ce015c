/** PLACEHOLDER (a helper is writing it). */
export default function KeepPage() {
  return <p>Keep</p>;
}
