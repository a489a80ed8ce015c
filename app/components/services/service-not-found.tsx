import { SERVICE_NOT_FOUND } from "./texts";

/** An unknown service, or one that could not be loaded (then `failedMessage` says so). */
export function ServiceNotFound({ failedMessage }: { failedMessage?: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      {failedMessage && (
        <p role="alert" className="mb-8 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {failedMessage}
        </p>
      )}
      <h1 className="text-3xl font-bold text-brand-700">{SERVICE_NOT_FOUND}</h1>
      <p className="mt-4 text-slate-600">The service you're looking for doesn't exist or has been removed.</p>
      <a
        href="/services"
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
      >
        Back to Services
      </a>
    </div>
  );
}
