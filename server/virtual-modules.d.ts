// The server build that @react-router/dev's Vite plugin generates (see vite.config.ts).
declare module "virtual:react-router/server-build" {
  const build: import("react-router").ServerBuild;
  export = build;
}
