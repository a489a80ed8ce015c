// knip preprocessor (knip.json "preprocessor"): route modules, app/root.tsx and app/entry.server.tsx are
// entries, and knip checks their exports too (includeEntryExports), but the exports React Router reads by
// name are used by the framework, not by an import. Drops those from the report (and the counts that decide
// the exit code); any other export of those modules that nothing imports is still reported.
const ROUTE_MODULE = /(^|\/)app\/(root\.tsx|entry\.server\.tsx|routes\.ts|routes\/.+\.tsx?)$/;
const FRAMEWORK_EXPORTS = new Set([
  "default",
  "loader",
  "action",
  "clientLoader",
  "clientAction",
  "meta",
  "links",
  "headers",
  "ErrorBoundary",
  "HydrateFallback",
  "shouldRevalidate",
  "handle",
  "Layout",
  "streamTimeout",
  "handleError",
  "handleDataRequest",
]);

export default function dropFrameworkExports(data) {
  for (const type of ["exports", "types"]) {
    for (const [file, symbols] of Object.entries(data.issues[type])) {
      if (!ROUTE_MODULE.test(file.replaceAll("\\", "/"))) continue;
      for (const symbol of Object.keys(symbols)) {
        if (!FRAMEWORK_EXPORTS.has(symbol)) continue;
        delete symbols[symbol];
        data.counters[type]--;
      }
      if (Object.keys(symbols).length === 0) delete data.issues[type][file];
    }
  }
  return data;
}
