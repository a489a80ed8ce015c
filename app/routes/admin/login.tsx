/** Placeholder until the admin panel (issue 4) is built. */
export default function AdminLogin() {
  return (
    <main className="mx-auto max-w-md px-4 py-24">
      <h1 className="text-2xl font-bold text-brand-700">Admin Panel</h1>
    </main>
  );
}
