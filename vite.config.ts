import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles our Express app (server/main.ts) together with the React Router server build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
