// knip preprocessor (knip.json "preprocessor"): route modules are entries, and knip checks their exports
// too (includeEntryExports), but the exports React Router reads by name are used by the framework, not by
// an import. Drops those from the report (and the counts that decide the exit code); any other export of a
// route module that nothing imports is still reported.
const ROUTE_MODULE = /(^|\/)app\/(routes\.ts|routes\/.+\.tsx?)$/;
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
