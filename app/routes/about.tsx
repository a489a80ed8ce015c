/** Placeholder: the public site (issue 3) replaces this page. */
export default function AboutPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-700">Coming soon</h1>
    </div>
  );
}
