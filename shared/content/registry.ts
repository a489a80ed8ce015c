import { bannerContent } from "./banner";
import { categoryContent } from "./category";
import { coreValueContent } from "./core-value";
import { facilityContent } from "./facility";
import { faqContent } from "./faq";
import { industrialContent } from "./industrial";
import { productContent } from "./product";
import { serviceContent } from "./service";
import { settingsContent } from "./settings";
import { storyContent } from "./story";
import { teamMemberContent } from "./team-member";
import { testimonialContent } from "./testimonial";

/**
 * Every content type, in the admin sidebar's order. Adding a list type = its module in shared/content/ (its
 * fields), a line here and `npm run db:generate -- --name x` (its table, built from the fields, and cache
 * trigger; it also names the table for drizzle-kit in server/db/list-tables.ts). Everything iterated "for
 * every content type" reads these lists (docs/decisions/026-fields-declared-once.md).
 */
export const LIST_CONTENT = [
  bannerContent,
  industrialContent,
  testimonialContent,
  storyContent,
  coreValueContent,
  facilityContent,
  teamMemberContent,
  serviceContent,
  faqContent,
] as const;

export const CONTENT = [...LIST_CONTENT, categoryContent, productContent, settingsContent] as const;
