import type { ModuleName } from "./modules";

/**
 * Binds markup to its enhancement module (docs/decisions/015): `<div {...dataModule("slider")}>` draws
 * `data-module="slider"`. The name is checked against the registry (./modules.ts), so a misspelt one fails
 * the type check instead of leaving the element plain; public markup writes `data-module` only through this
 * (tests/unit/data-module.test.ts).
 */
export function dataModule(name: ModuleName) {
  return { "data-module": name } as const;
}
