import { type CoreValue, coreValueInput } from "../../shared/schemas/core-value";
import { coreValues } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const coreValueResource = defineSimpleResource({
  label: "Core value",
  table: coreValues,
  input: coreValueInput,
  toRow: (i) => ({ title: i.title, description: i.description, icon: i.icon, position: i.position ?? 0 }),
  toApi: (r): CoreValue => ({ ...baseFields(r), title: r.title, description: r.description, icon: r.icon, position: r.position }),
});
