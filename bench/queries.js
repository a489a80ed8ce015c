// What visitors type, for `npm run bench` (issue 29): the site search, the search box's suggestions and the
// finder with typed figures, each asked the same way over and over ("repeated": what the caches answer) and
// never the same way twice ("distinct": what a bot sending made-up queries costs). Used by bench/run.js.
//
// Distinct queries come from the catalogue's own words (the demo's and bench/catalogue-seed.ts's), so they
// find what real ones find: some words name thousands of products at 10,000, some none. Each generator
// hands out each query once per run, so no measured query was asked before (not even in the warm-up).

/** Words buyers type, from the catalogue's names and descriptions. */
const WORDS = [
  "screw",
  "compressor",
  "rotary",
  "oil",
  "free",
  "piston",
  "reciprocating",
  "dryer",
  "refrigerated",
  "desiccant",
  "receiver",
  "tank",
  "filter",
  "variable",
  "speed",
  "two",
  "stage",
  "single",
  "portable",
  "diesel",
  "booster",
  "silent",
  "water",
  "cooled",
  "air",
  "belt",
  "direct",
  "drive",
  "high",
  "pressure",
  "energy",
  "efficient",
  "scroll",
  "vacuum",
  "pump",
  "nitrogen",
  "generator",
  "heatless",
  "condensate",
  "blower",
];

/** The same order every run (mulberry32). */
function shuffled(list, seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Every two-word query, then every three-word one: 1,560 + 59,280, each once. */
function searchWords() {
  const pairs = [];
  const triples = [];
  for (const a of WORDS) {
    for (const b of WORDS) {
      if (a === b) continue;
      pairs.push(`${a} ${b}`);
      for (const c of WORDS) if (c !== a && c !== b) triples.push(`${a} ${b} ${c}`);
    }
  }
  return [...shuffled(pairs, 29), ...shuffled(triples, 30)];
}

/** What the box sends while someone types: prefixes of a word (2 letters on), then of a second word after one. */
function typedPrefixes() {
  const prefixes = (word) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2));
  const one = WORDS.flatMap(prefixes);
  const two = WORDS.flatMap((a) => WORDS.filter((b) => b !== a).flatMap((b) => prefixes(b).map((p) => `${a} ${p}`)));
  // Three words, the last cut short: enough that 10 s of fast suggestions never run out (~12,000 above).
  const three = WORDS.slice(0, 12).flatMap((a) =>
    WORDS.filter((b) => b !== a).flatMap((b) => WORDS.filter((c) => c !== a && c !== b).map((c) => `${a} ${b} ${c.slice(0, 3)}`)),
  );
  return [...shuffled([...new Set(one)], 31), ...shuffled(two, 32), ...shuffled(three, 33)];
}

/** Flow from 20 CFM up, in steps of 1, at one of nine pressures: 13,500 finder queries before any repeats. */
function finderFigures(i) {
  const pressures = [6, 7, 7.5, 8, 8.5, 9, 10, 12, 13];
  const flow = 20 + Math.floor(i / pressures.length);
  return `/finder?flowMin=${flow}&flowUnit=cfm&pressureMin=${pressures[i % pressures.length]}&sort=power`;
}

/** Hands out `paths(i)` for i = 0, 1, 2 …; past the end of a list it fails rather than repeat a query. */
function sequence(name, paths) {
  let i = 0;
  return () => {
    const path = paths(i++);
    if (path === undefined) throw new Error(`bench/queries.js: ran out of distinct ${name}`);
    return path;
  };
}

/**
 * The scenarios: { key, label, kind, repeated: path, distinct: () => next path }. `kind` groups them for
 * the goals (search, suggestions, finder).
 */
export function queryScenarios() {
  const words = searchWords();
  const typed = typedPrefixes();
  const q = (text) => encodeURIComponent(text).replaceAll("%20", "+");
  return [
    {
      key: "search",
      kind: "search",
      label: "/search?q=…",
      repeated: "/search?q=screw+compressor",
      distinct: sequence("searches", (i) => (i < words.length ? `/search?q=${q(words[i])}` : undefined)),
    },
    {
      key: "suggestions",
      kind: "suggestions",
      label: "GET /api/search/suggestions?q=…",
      repeated: "/api/search/suggestions?q=rot",
      distinct: sequence("suggestions", (i) => (i < typed.length ? `/api/search/suggestions?q=${q(typed[i])}` : undefined)),
    },
    {
      key: "finder",
      kind: "finder",
      label: "/finder with typed flow and pressure",
      repeated: "/finder?flowMin=100&flowUnit=cfm&pressureMin=7&sort=power",
      distinct: sequence("finder queries", (i) => (i < 13_500 ? finderFigures(i) : undefined)),
    },
  ];
}
