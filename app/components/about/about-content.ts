/**
 * The About page's own words: the three hero slides, and the fallback content shown when the database
 * has no story or core values (SPEC §2: "Fallback content is shown when the server data is empty").
 */

/** About and Products slide interval (SPEC §9). */
export const ABOUT_SLIDE_INTERVAL_MS = 6000;

export type HeroArt = "gauge" | "map" | "service";

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  art: HeroArt;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    eyebrow: "Our heritage",
    title: "Engineering compressed air since 1998",
    text: "What began as a compressor repair workshop is today a manufacturer of reciprocating, screw and oil-free compressors, dryers and air treatment.",
    art: "gauge",
  },
  {
    eyebrow: "Made in Salem",
    title: "Built in Salem, serving all of India",
    text: "Every machine is designed, assembled and tested at our own works in Salem, Tamil Nadu, and shipped to plants across the country.",
    art: "map",
  },
  {
    eyebrow: "After-sales care",
    title: "Service that keeps you running",
    text: "Trained engineers, genuine spares and maintenance contracts keep your compressed air on, shift after shift.",
    art: "service",
  },
];

export const FALLBACK_STORY = {
  title: "Our Story",
  content:
    "We started in 1998 as a small workshop in Salem, repairing and rebuilding compressors for the textile mills and engineering units around us. Seeing how often factories lost production to badly sized or poorly maintained air systems, we began building machines of our own: simpler to service and made for Indian conditions of heat, dust and long shifts.\n\n" +
    "Today we design, build and service compressed air systems for workshops, factories, hospitals and process plants. We are still an engineering company at heart: every machine is tested before it leaves our works, and the people who build it are the people who service it.",
  image: "",
};

export const FALLBACK_CORE_VALUES = [
  {
    _id: "innovation",
    title: "Innovation",
    description: "We keep improving our machines and our service, from energy-saving drives to smarter maintenance.",
    icon: "lightbulb",
  },
  {
    _id: "quality",
    title: "Quality",
    description: "Every compressor is tested on our own test bay before dispatch, and we stand behind it for its whole life.",
    icon: "shield-check",
  },
  {
    _id: "customer-focus",
    title: "Customer Focus",
    description: "We listen first, size systems honestly and answer quickly whenever our customers need us.",
    icon: "users",
  },
] as const;

/** Shown beside the story when it has no picture. */
export const AT_A_GLANCE = [
  { value: "1998", label: "Founded in Salem as a compressor workshop" },
  { value: "Salem", label: "Design, assembly and testing under one roof" },
  { value: "All India", label: "Customers and service support across the country" },
] as const;
