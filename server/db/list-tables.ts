// Written by `npm run db:generate` (scripts/db-generate.ts) from shared/content/registry.ts; do not edit.
// drizzle-kit reads the tables a schema file exports by name; the server reaches each by tableOf(content).
import type { AnyListContent } from "../../shared/content/define";
import { LIST_CONTENT } from "../../shared/content/registry";
import { tableOf } from "./content-tables";

const table = (name: string) => tableOf(LIST_CONTENT.find((c) => c.name === name) as AnyListContent);

export const banners = table("banner");
export const industrials = table("industrial");
export const testimonials = table("testimonial");
export const stories = table("story");
export const coreValues = table("core-value");
export const facilities = table("facility");
export const teamMembers = table("team-member");
export const services = table("service");
export const faqs = table("faq");
