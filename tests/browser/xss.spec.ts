import { expect, type Page, test } from "@playwright/test";
import { PREFETCH_RULES } from "../../app/enhance/prefetch";
import { LIST_CONTENT } from "../../shared/content/registry";
import { apiCall, apiToken, PNG, signIn } from "./admin-support";
import { ADMIN } from "./support";

const PREFETCH_RULES_TEXT = JSON.stringify(PREFETCH_RULES);

/**
 * Stored XSS: every text field of every entity is filled with script and HTML payloads through the
 * admin API (and the public contact API), then every public page and every admin screen is opened in
 * Chromium. No payload may run (a trap on window.__xss, dialogs, CSP violation reports), no element or
 * attribute may come out of the data (img[src=x], on* attributes, javascript: links, scripts without our
 * nonce, broken JSON-LD), and the payloads must show up as literal text.
 *
 * It writes, so it has a server of its own (playwright.config.ts, XSS_PORT) without demo content: every
 * record there is a payload record. No other spec uses that server.
 */

const XSS_URL = process.env.BROWSER_TEST_XSS_URL ?? "http://127.0.0.1:4176";
test.use({ baseURL: XSS_URL });

// ---------------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------------

/** Each one assigns window.__xss (or opens a dialog) if it ever runs. */
const V = {
  script: "<script>window.__xss=1</script>",
  img: `<img src=x onerror="window.__xss=1">`,
  svg: `"><svg onload="window.__xss=1">`,
  closeScript: "</script><script>window.__xss=1</script>",
  template: "{{constructor.constructor('window.__xss=1')()}}",
  entity: "&lt;script&gt;window.__xss=1&lt;/script&gt; &amp;lt;b&amp;gt;",
  jsUrl: "javascript:window.__xss=1",
  details: "'><details open ontoggle='window.__xss=1'>",
  iframe: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  title: "</title><script>window.__xss=1</script>",
  alert: "<img src=x onerror=alert(1)>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, literal on purpose
  tpl: "${window.__xss=1}",
  textarea: "</textarea><script>window.__xss=1</script>",
  comment: "<!--<script>window.__xss=1</script>-->",
} as const;
/** A search query that is a payload and still finds every record (by the words of V.jsUrl). */
const SEARCH_PAYLOAD = `${V.script} ${V.jsUrl}`;
/** Under 300 characters each, so one fits the 500-character fields (list items, rows). */
const GROUP_A = [V.script, V.img, V.svg, V.closeScript, V.template, V.entity, V.jsUrl].join(" ");
const GROUP_B = [V.details, V.iframe, V.title, V.alert, V.tpl, V.textarea, V.comment].join(" ");
/** Long texts get everything, plus the line/paragraph separators that once broke JSON inside <script>. */
const ALL = `${GROUP_A} ${GROUP_B} line\u2028separator\u2029paragraph`;

/** Every value written, by key ("banner-title"); the key starts the value so each one is unique. */
const P: Record<string, string> = {};
function payload(key: string, max: number, ...parts: string[]): string {
  const value = `${key}: ${parts.join(" ")}`;
  // A longer value would be refused (or cut): adapt the payload instead of losing the field.
  if (value.length > max) throw new Error(`${key} is ${value.length} characters; the field takes ${max}`);
  P[key] = value;
  return value;
}
const long = (key: string, max = 5_000) => payload(key, max, ALL);
/** The value written under `key`. */
function val(key: string): string {
  const v = P[key];
  if (v === undefined) throw new Error(`no payload ${key}`);
  return v;
}

/**
 * Fields with a format cannot hold markup; they get the most hostile value their validation accepts
 * (and the fully hostile one is checked to be refused, see "the API refuses ...").
 */
const HOSTILE_EMAIL = "x'+'onmouseover'-'__xss@xss-test.example"; // quotes and + are legal in the local part
const CONTACT_EMAIL = "'-alert'+'1'-'x@xss-test.example";
const PHONE = "+91 (427) 200-1480"; // digits, spaces and + - ( ) . only
const WHATSAPP = "+91 98765-43210"; // digits, spaces, - and a leading + only
/** http(s) URLs without whitespace are accepted: quotes and markup included. */
const MAP_URL = `https://maps.xss-test.example/"><script>window.__xss=1</script>`;
const SOCIAL = {
  facebook: "https://facebook.xss-test.example/'onmouseover='window.__xss=1'",
  linkedin: `https://linkedin.xss-test.example/"><img/src=x/onerror=window.__xss=1>`,
  x: "https://x.xss-test.example/</script><script>window.__xss=1</script>",
  instagram: "https://instagram.xss-test.example/?q={{constructor.constructor('window.__xss=1')()}}",
  youtube: "https://youtube.xss-test.example/#&quot;&gt;&lt;svg/onload=window.__xss=1&gt;",
};
/** Image URLs refuse quotes, <, > and backslashes; entities and javascript: in the query are still allowed. */
const HOSTILE_IMAGE =
  "https://img.xss.invalid/t.png?a=&quot;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&b=javascript:window.__xss=1";
/** Service details become bullet lines split on full stops and new lines: lines without full stops. */
const SERVICE_DETAILS = [
  "service-details-1: <script>__xss=1</script>",
  "service-details-2: <img src=x onerror=__xss=1>",
  `service-details-3: "><svg onload=__xss=1>`,
  "service-details-4: </script><script>__xss=1</script>",
];

// ---------------------------------------------------------------------------------------------------
// The records
// ---------------------------------------------------------------------------------------------------

interface Seeded {
  catA: { _id: string; slug: string; subcategories: { _id: string; name: string }[] };
  catB: { _id: string; slug: string };
  products: { A1: string; A2: string; B1: string };
  services: { S1: string; S2: string };
  subSlug: string;
}

const fields = {
  banner: () => ({ title: payload("banner-title", 200, V.script, V.title), description: long("banner-description") }),
  industrial: () => ({
    title: payload("industrial-title", 200, V.img, V.closeScript),
    description: long("industrial-description"),
  }),
  testimonial: () => ({
    name: payload("testimonial-name", 200, V.svg, V.alert),
    designation: payload("testimonial-designation", 200, V.template, V.details),
    feedback: long("testimonial-feedback"),
    star: "5",
    image: HOSTILE_IMAGE,
  }),
  story: () => ({ title: payload("story-title", 200, V.iframe, V.textarea), content: long("story-content", 20_000) }),
  facility1: () => ({
    title: payload("facility1-title", 200, V.title, V.entity),
    description: long("facility1-description"),
    features: JSON.stringify([
      payload("facility1-feature1", 500, GROUP_A),
      payload("facility1-feature2", 500, GROUP_B),
      payload("facility1-feature3", 500, V.comment, V.jsUrl),
    ]),
  }),
  facility2: () => ({
    title: payload("facility2-title", 200, V.details, V.closeScript),
    description: long("facility2-description"),
    features: JSON.stringify([payload("facility2-feature1", 500, GROUP_B), payload("facility2-feature2", 500, GROUP_A)]),
  }),
  team: () => ({
    name: payload("team-name", 200, V.closeScript, V.img),
    position: payload("team-position", 200, V.jsUrl, V.svg),
    description: long("team-description"),
  }),
  coreValue: () => ({
    title: payload("core-title", 200, V.alert, V.tpl),
    description: long("core-description"),
    icon: "gauge",
  }),
  service: (n: 1 | 2) => ({
    title: payload(`service${n}-title`, 200, n === 1 ? V.script : V.textarea, n === 1 ? V.details : V.img),
    description: long(`service${n}-description`),
    details: SERVICE_DETAILS.join("\n"),
    benefits: JSON.stringify([payload(`service${n}-benefit1`, 500, GROUP_A), payload(`service${n}-benefit2`, 500, GROUP_B)]),
  }),
  faq: () => ({ question: payload("faq-question", 200, V.details, V.closeScript), answer: long("faq-answer") }),
};

async function post<T>(path: string, body: FormData | Record<string, unknown>): Promise<T> {
  return apiCall<T>(XSS_URL, "POST", path, body); // throws unless 2xx
}

function form(values: Record<string, string>, images: Record<string, number> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  for (const [field, count] of Object.entries(images)) {
    for (let i = 0; i < count; i++) f.append(field, new Blob([PNG], { type: "image/png" }), `${field}-${i}.png`);
  }
  return f;
}

function product(key: string, categoryId: string, subcategoryId: string | null, featured: boolean) {
  return {
    categoryId,
    ...(subcategoryId ? { subcategoryId } : {}),
    name: payload(
      `${key}-name`,
      200,
      ...(key === "A1" ? [V.title, V.img] : key === "A2" ? [V.script, V.svg] : [V.closeScript, V.jsUrl]),
    ),
    shortDescription: payload(`${key}-short`, 1_000, ALL),
    fullDescription: long(`${key}-full`, 20_000),
    price: "125000",
    featured: String(featured),
    specifications: JSON.stringify(
      [1, 2, 3, 4].map((i) => ({
        specName: payload(`${key}-spec${i}-name`, 500, i % 2 ? V.script : V.details, V.entity),
        specValue: payload(`${key}-spec${i}-value`, 500, i % 2 ? GROUP_B : GROUP_A),
      })),
    ),
    features: JSON.stringify(
      [1, 2].map((i) => ({
        featureName: payload(`${key}-feature${i}-name`, 500, i === 1 ? V.iframe : V.closeScript, V.tpl),
        featureValue: payload(`${key}-feature${i}-value`, 500, i === 1 ? GROUP_A : GROUP_B),
      })),
    ),
    additionalImages: JSON.stringify([HOSTILE_IMAGE]),
  };
}

const SETTINGS = () => ({
  companyName: payload("settings-company", 200, V.title, V.img),
  tagline: payload("settings-tagline", 500, GROUP_A),
  phones: [{ label: payload("settings-phone-label", 200, V.svg, V.script), value: PHONE }],
  emails: [{ label: payload("settings-email-label", 200, V.closeScript, V.details), value: HOSTILE_EMAIL }],
  address: payload("settings-address", 500, GROUP_B),
  mapUrl: MAP_URL,
  workingHours: [
    { days: payload("settings-days", 200, V.iframe, V.alert), hours: payload("settings-hours", 200, V.textarea, V.tpl) },
  ],
  whatsapp: WHATSAPP,
  social: SOCIAL,
  homeSpecifications: [
    {
      label: payload("settings-spec1-label", 200, V.comment, V.entity),
      value: payload("settings-spec1-value", 200, V.script, V.jsUrl),
    },
    {
      label: payload("settings-spec2-label", 200, V.template, V.img),
      value: payload("settings-spec2-value", 200, V.title, V.svg),
    },
  ],
});

const CONTACTS = () => [
  {
    name: payload("contact1-name", 200, V.script, V.img),
    email: HOSTILE_EMAIL,
    phone: PHONE,
    subject: payload("contact1-subject", 200, V.svg, V.title),
    message: long("contact1-message"),
  },
  {
    name: payload("contact2-name", 200, V.textarea, V.iframe),
    email: CONTACT_EMAIL,
    phone: "",
    subject: payload("contact2-subject", 200, V.details, V.closeScript),
    message: long("contact2-message"),
  },
];

/** Builds every payload value (P) whether or not the records still have to be written. */
function definePayloads() {
  fields.banner();
  fields.industrial();
  fields.testimonial();
  fields.story();
  fields.facility1();
  fields.facility2();
  fields.team();
  fields.coreValue();
  fields.service(1);
  fields.service(2);
  fields.faq();
  for (const k of ["A1", "A2", "B1"]) product(k, "", null, false);
  catFields();
  SETTINGS();
  CONTACTS();
}

function catFields() {
  return {
    A: {
      name: payload("catA-name", 200, V.svg, V.closeScript),
      description: long("catA-description"),
      features: JSON.stringify([
        { name: payload("catA-feature1-name", 200, V.img, V.entity), description: payload("catA-feature1-desc", 500, GROUP_A) },
        { name: payload("catA-feature2-name", 200, V.iframe, V.tpl), description: payload("catA-feature2-desc", 500, GROUP_B) },
      ]),
      subcategories: JSON.stringify([
        { name: payload("catA-sub1", 200, V.script, V.details) },
        { name: payload("catA-sub2", 200, V.title, V.alert) },
      ]),
    },
    B: {
      name: payload("catB-name", 200, V.template, V.entity),
      description: long("catB-description"),
      features: JSON.stringify([{ name: payload("catB-feature1-name", 200, V.jsUrl, V.textarea) }]),
    },
  };
}

type Cat = { _id: string; name: string; slug: string; subcategories: { _id: string; name: string }[] };

async function writeEverything(): Promise<void> {
  await post("/api/banner", form(fields.banner(), { image: 1 }));
  await post("/api/industrial", form(fields.industrial(), { image: 1 }));
  await post("/api/testimonial", form(fields.testimonial())); // the image is a hostile URL
  await post("/api/story", form(fields.story(), { image: 1 }));
  await post("/api/facilities", form(fields.facility1(), { image: 1 }));
  await post("/api/facilities", form(fields.facility2(), { image: 1 }));
  await post("/api/our-team", form(fields.team(), { image: 1 }));
  await post("/api/core-values", fields.coreValue());
  await post("/api/service", form(fields.service(1), { mainImage: 1 }));
  await post("/api/service", form(fields.service(2), { mainImage: 1 }));
  await post("/api/faq", fields.faq());
  const cats = catFields();
  const a = (await post<{ data: Cat }>("/api/category", form(cats.A, { image: 1 }))).data;
  const b = (await post<{ data: Cat }>("/api/category", form(cats.B, { image: 1 }))).data;
  expect(a.subcategories).toHaveLength(2);
  const [sub1, sub2] = a.subcategories as [Cat["subcategories"][number], Cat["subcategories"][number]];
  await post("/api/product", form(product("A1", a._id, sub1._id, true), { mainImage: 1, additionalImages: 1 }));
  await post("/api/product", form(product("A2", a._id, sub2._id, true), { mainImage: 1 }));
  await post("/api/product", form(product("B1", b._id, null, false), { mainImage: 1 }));
  await apiCall(XSS_URL, "PUT", "/api/settings", SETTINGS());
  for (const c of CONTACTS()) {
    // The public call: no token.
    const res = await fetch(`${XSS_URL}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(c),
    });
    expect(res.status, await res.text()).toBe(201);
  }
}

/** Every string anywhere in an API answer. */
function stringsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string") out.add(value.replace(/\r\n/g, "\n"));
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/**
 * Reads everything back through the API: every payload must be stored exactly as written (nothing
 * refused, cut or "sanitised" on the way in), so the pages below really get all of them.
 */
async function readBack(): Promise<Seeded> {
  const get = async <T>(path: string) => apiCall<T>(XSS_URL, "GET", path);
  const lists = await Promise.all(LIST_CONTENT.map((c) => get<unknown[]>(`/api${c.path}`)));
  // Every list type has its payload record (a new type needs one above).
  expect(LIST_CONTENT.filter((_, i) => lists[i]?.length === 0).map((c) => c.name)).toEqual([]);
  const cats = (await get<{ data: Cat[] }>("/api/category")).data;
  type Prod = { name: string; slug: string; additionalImages: string[] };
  const prods = (await get<{ data: Prod[] }>("/api/product")).data;
  const services = await get<{ title: string; slug: string }[]>("/api/service");
  const stored = stringsIn([lists, cats, prods, await get("/api/settings"), await get("/api/contacts")]);
  // Multipart sends line ends as CRLF (the HTML form encoding); stringsIn folds them back.
  const expected = [
    ...Object.values(P),
    SERVICE_DETAILS.join("\n"),
    HOSTILE_EMAIL,
    CONTACT_EMAIL,
    PHONE,
    WHATSAPP,
    MAP_URL,
    HOSTILE_IMAGE,
    ...Object.values(SOCIAL),
  ];
  expect(expected.filter((v) => !stored.has(v))).toEqual([]);

  const catA = cats.find((c) => c.name === val("catA-name"));
  const catB = cats.find((c) => c.name === val("catB-name"));
  const slugOf = (k: string) => prods.find((x) => x.name === val(`${k}-name`))?.slug ?? "";
  const serviceSlug = (n: number) => services.find((x) => x.title === val(`service${n}-title`))?.slug ?? "";
  // The subcategory filter link of the category page uses a slug made from the hostile name.
  const catPage = catA ? await fetch(`${XSS_URL}/products/${catA.slug}`).then((r) => r.text()) : "";
  const subSlug = /[?&]type=([a-z0-9-]+)/.exec(catPage)?.[1] ?? "";
  const seeded = {
    catA: catA!,
    catB: catB!,
    products: { A1: slugOf("A1"), A2: slugOf("A2"), B1: slugOf("B1") },
    services: { S1: serviceSlug(1), S2: serviceSlug(2) },
    subSlug,
  };
  expect(catA && catB, "both categories are stored").toBeTruthy();
  expect([...Object.values(seeded.products), ...Object.values(seeded.services), subSlug]).not.toContain("");
  return seeded;
}

let seeded: Seeded;

// Runs in the desktop project only (playwright.config.ts): stored XSS does not depend on the viewport,
// and only one project may seed the XSS server.
test.beforeAll(async () => {
  test.setTimeout(60_000);
  definePayloads();
  // A retry in a fresh worker finds the records already there.
  const { data } = await apiCall<{ data: unknown[] }>(XSS_URL, "GET", "/api/category");
  if (data.length === 0) await writeEverything();
  seeded = await readBack();
});

// ---------------------------------------------------------------------------------------------------
// Watching a page
// ---------------------------------------------------------------------------------------------------

declare global {
  interface Window {
    __xss?: unknown;
    __xssHits: string[];
    __cspViolations: string[];
  }
}

interface Watch {
  dialogs: string[];
  errors: string[];
}

/** Installs the trap before any page script runs: assigning window.__xss is recorded, as are CSP reports. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], errors: [] };
  await page.addInitScript(() => {
    const hits: string[] = [];
    let value: unknown;
    Object.defineProperty(window, "__xssHits", { value: hits });
    Object.defineProperty(window, "__cspViolations", { value: [] });
    Object.defineProperty(window, "__xss", {
      configurable: false,
      get: () => value,
      set: (v) => {
        value = v;
        hits.push(`window.__xss = ${String(v)} on ${location.href}`);
      },
    });
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sample})`),
    );
  });
  page.on("dialog", async (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error") w.errors.push(m.text());
  });
  page.on("pageerror", (e) => w.errors.push(e.message));
  // The hostile absolute image URLs point at a host that does not exist: answer them with a real image.
  await page.route(/^https:\/\/img\.xss\.invalid\//, (route) => route.fulfill({ body: PNG, contentType: "image/png" }));
  return w;
}

interface Inspection {
  xss: unknown;
  hits: string[];
  csp: string[];
  /** Elements and attributes that came out of data. */
  bad: string[];
  /** The text of the page's text nodes (not scripts or styles), whitespace collapsed. */
  text: string;
  title: string;
  jsonLd: unknown[];
  /** Values of inputs, textareas and selects. */
  values: string[];
}

/** Runs in the page: everything a successful injection would leave behind. */
/** `prefetchRules`: the text of our own Speculation Rules script, the one script without a nonce or src we write. */
function inspectPage(prefetchRules: string): Inspection {
  const bad: string[] = [];
  const root = document.body ?? document.documentElement;
  for (const el of Array.from(document.querySelectorAll("*"))) {
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) bad.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value}">`);
      if (["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc"].includes(name)) {
        if (/^\s*(javascript|vbscript|data:text\/html)/i.test(a.value) || name === "srcdoc") {
          bad.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value}">`);
        }
      }
    }
  }
  for (const el of Array.from(
    document.querySelectorAll(
      'img[src="x"], iframe, frame, object, embed, base, meta[http-equiv="refresh" i], svg[onload], details[ontoggle]',
    ),
  )) {
    bad.push(`element from data: ${el.outerHTML.slice(0, 200)}`);
  }
  const jsonLd: unknown[] = [];
  for (const s of Array.from(document.querySelectorAll("script"))) {
    if (s.type === "application/ld+json") {
      try {
        jsonLd.push(JSON.parse(s.textContent ?? ""));
      } catch {
        bad.push(`JSON-LD that does not parse: ${(s.textContent ?? "").slice(0, 200)}`);
      }
      continue;
    }
    // Our prefetch rules (app/enhance/prefetch.ts) are data, and exactly the text the script writes.
    if (s.type === "speculationrules" && s.textContent === prefetchRules) continue;
    const ours = s.nonce !== "" || (s.src !== "" && new URL(s.src).origin === location.origin);
    if (!ours) bad.push(`script without our nonce: ${s.outerHTML.slice(0, 200)}`);
  }
  const parts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement?.closest("script, style, template, noscript, title");
    if (!parent) parts.push(n.nodeValue ?? "");
  }
  const values = Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select"),
  ).map((e) => e.value);
  return {
    xss: window.__xss,
    hits: [...(window.__xssHits ?? [])],
    csp: [...(window.__cspViolations ?? [])],
    bad,
    text: parts.join("").replace(/\s+/g, " "),
    title: document.title,
    jsonLd,
    values,
  };
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

async function expectClean(page: Page, w: Watch, when: string, allow404 = false): Promise<Inspection> {
  const s = await page.evaluate(inspectPage, PREFETCH_RULES_TEXT);
  const where = `${page.url()} ${when}`;
  expect(s.xss, `window.__xss ${where}`).toBeUndefined();
  expect(s.hits, `payload ran ${where}`).toEqual([]);
  expect(w.dialogs, `dialog opened ${where}`).toEqual([]);
  // An "eval" report comes from script that already runs (ours: zod probing for `new Function` where a
  // schema module skipped fields.ts's jitless setting); markup from data can only be blocked as inline.
  const csp = s.csp.filter((v) => !/^script-src blocked eval /.test(v));
  expect(csp, `CSP had to block something ${where}`).toEqual([]);
  expect(s.bad, `markup from data ${where}`).toEqual([]);
  const errors = allow404 ? w.errors.filter((e) => !/status of 404/.test(e)) : w.errors;
  expect(errors, `console errors ${where}`).toEqual([]);
  return s;
}

/**
 * Gives handlers that run a little later (image errors, toggle events, frames loading) their turn: until a
 * frame has been drawn and the page has been idle. Any element they would come from is caught by the DOM
 * check anyway; this only lets the trap see them run.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestIdleCallback(r))));
}

/** Opens a page and checks it right after load, then again once its script has run (enhancement or React). */
async function visit(page: Page, w: Watch, path: string, status = 200): Promise<Inspection> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await expectClean(page, w, "after load", status === 404);
  await page.locator("html[data-enhanced], html[data-hydrated]").first().waitFor();
  await settle(page);
  return expectClean(page, w, "after its script ran", status === 404);
}

/** Payload keys whose value is not in the page as literal text (or, for `orValue`, as a form field's value). */
function missingKeys(s: Inspection, text: string[], orValue: string[] = []): string[] {
  const values = s.values.map(norm);
  return [
    ...text.filter((k) => !s.text.includes(norm(val(k)))),
    ...orValue.filter((k) => !s.text.includes(norm(val(k))) && !values.includes(norm(val(k)))),
  ];
}

/**
 * Each value shows as literal text (the markup in it was not parsed); `orValue` ones may instead be the
 * value of a form field. Polls, since the admin screens render their data after loading it in the browser.
 */
async function expectShown(page: Page, where: string, text: string[], orValue: string[] = []): Promise<void> {
  await expect
    .poll(async () => missingKeys(await page.evaluate(inspectPage, PREFETCH_RULES_TEXT), text, orValue), {
      message: `payloads not shown as text on ${where}`,
    })
    .toEqual([]);
}

const LAYOUT_KEYS = [
  "settings-company",
  "settings-tagline",
  "settings-address",
  "settings-phone-label",
  "catA-name",
  "catB-name",
];

test("control: the trap and the DOM check do catch a payload that is rendered as markup", { tag: "@http" }, async ({ page }) => {
  // A page that pastes payloads in raw, without a CSP: everything that should never happen happens here.
  const w = await watch(page);
  const raw = `<!doctype html><title>control</title><p>${V.img}</p><div>${V.svg}</div><p>${V.alert}</p>`;
  await page.route(`${XSS_URL}/__xss-control`, (r) => r.fulfill({ contentType: "text/html", body: raw }));
  await page.goto("/__xss-control");
  await expect.poll(() => page.evaluate(() => window.__xssHits.length)).toBeGreaterThan(0);
  await expect.poll(() => w.dialogs.length).toBeGreaterThan(0);
  const s = await page.evaluate(inspectPage, PREFETCH_RULES_TEXT);
  expect(s.xss).toBe(1);
  expect(s.bad.join("\n")).toMatch(/onerror/);
  expect(s.bad.join("\n")).toMatch(/onload/);
  expect(s.text).not.toContain(V.img);
  // With our CSP the handlers are blocked, and the report is caught.
  const csp = "default-src 'self'; script-src 'self' 'nonce-abc'";
  await page.route(`${XSS_URL}/__xss-control-csp`, (r) =>
    r.fulfill({ contentType: "text/html", headers: { "content-security-policy": csp }, body: raw }),
  );
  await page.goto("/__xss-control-csp");
  await expect.poll(() => page.evaluate(() => window.__cspViolations.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__xssHits)).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------
// The API side
// ---------------------------------------------------------------------------------------------------

test("the API refuses the hostile values that fields with a format cannot hold", { tag: "@http" }, async () => {
  const token = await apiToken(XSS_URL);
  const send = async (method: string, path: string, body: unknown, auth = true) => {
    const res = await fetch(`${XSS_URL}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(auth ? { "x-auth-token": token } : {}) },
      body: JSON.stringify(body),
    });
    return `${res.status} ${method} ${path} ${JSON.stringify(body).slice(0, 80)}`;
  };
  const answers = [
    await send("PUT", "/api/settings", { mapUrl: V.jsUrl }),
    await send("PUT", "/api/settings", { mapUrl: "data:text/html,<script>window.__xss=1</script>" }),
    await send("PUT", "/api/settings", { social: { ...SOCIAL, facebook: V.jsUrl } }),
    await send("PUT", "/api/settings", { social: { ...SOCIAL, youtube: " javascript:window.__xss=1" } }),
    await send("PUT", "/api/settings", { phones: [{ label: "x", value: V.script }] }),
    await send("PUT", "/api/settings", { emails: [{ label: "x", value: `"<svg/onload=x>"@xss-test.example` }] }),
    await send("PUT", "/api/settings", { whatsapp: V.jsUrl }),
    await send("POST", "/api/banner", { title: "x", image: V.jsUrl }),
    await send("POST", "/api/banner", { title: "x", image: `https://x.example/"onerror="window.__xss=1` }),
    await send("POST", "/api/story", { title: "x", content: "x", image: "data:image/svg+xml,<svg onload=alert(1)>" }),
    await send("POST", "/api/service", { title: "x", description: "x", details: "x", slug: V.script, image: HOSTILE_IMAGE }),
    await send("POST", "/api/contacts", { name: "x", email: `<script>@xss-test.example`, subject: "x", message: "x" }, false),
    await send(
      "POST",
      "/api/contacts",
      { name: "x", email: "x@xss-test.example", phone: V.script, subject: "x", message: "x" },
      false,
    ),
  ];
  expect(answers.filter((a) => !a.startsWith("400 "))).toEqual([]);
  // Nothing of that was stored.
  const settings = await apiCall<{ mapUrl: string; whatsapp: string }>(XSS_URL, "GET", "/api/settings");
  expect(settings).toMatchObject({ mapUrl: MAP_URL, whatsapp: WHATSAPP });
});

// ---------------------------------------------------------------------------------------------------
// Public pages
// ---------------------------------------------------------------------------------------------------

interface PublicCase {
  name: string;
  path: (s: Seeded) => string;
  status?: number;
  /** Payload keys that must show as literal text. */
  text?: string[];
  /** One payload that must be visible on screen (not only in the DOM). */
  visible?: string;
  /** Payload keys that must be in document.title as they are. */
  title?: string[];
  /** Extra checks. */
  more?: (page: Page, s: Inspection) => Promise<void>;
}

const productKeys = (k: string, specs = [1, 2, 3, 4], withFeatures = true) => [
  `${k}-name`,
  `${k}-short`,
  ...specs.flatMap((i) => [`${k}-spec${i}-name`, `${k}-spec${i}-value`]),
  ...(withFeatures ? [1, 2].flatMap((i) => [`${k}-feature${i}-name`, `${k}-feature${i}-value`]) : []),
];

const PUBLIC: PublicCase[] = [
  {
    name: "home",
    path: () => "/",
    text: [
      "banner-title",
      "banner-description",
      "industrial-title",
      "industrial-description",
      "testimonial-name",
      "testimonial-designation",
      "testimonial-feedback",
      "settings-spec1-label",
      "settings-spec1-value",
      "settings-spec2-label",
      "settings-spec2-value",
    ],
    visible: "banner-title",
    title: ["settings-company"],
    more: async (page) => {
      // The hostile image URL is the src as it is (an attribute value, never markup).
      const srcs = await page.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
      expect(srcs).toContain(HOSTILE_IMAGE);
    },
  },
  {
    name: "about",
    path: () => "/about",
    text: [
      "story-title",
      "story-content",
      "core-title",
      "core-description",
      "facility1-title",
      "facility1-description",
      "facility1-feature1",
      "facility1-feature2",
      "facility1-feature3",
      "facility2-title",
      "facility2-description",
      "facility2-feature1",
      "facility2-feature2",
      "team-name",
      "team-position",
      "team-description",
    ],
    visible: "story-title",
  },
  {
    name: "products landing",
    path: () => "/products",
    text: [
      "catA-description",
      "catA-feature1-name",
      "catA-feature2-name",
      "catB-description",
      "catB-feature1-name",
      "A1-name",
      "A2-name",
    ],
    visible: "catA-name",
  },
  {
    name: "category page with subcategories",
    path: (s) => `/products/${s.catA.slug}`,
    text: [
      "catA-description",
      "catA-feature1-name",
      "catA-feature1-desc",
      "catA-feature2-name",
      "catA-feature2-desc",
      "catA-sub1",
      "catA-sub2",
      ...productKeys("A1", [1, 2, 3], false).filter((k) => k !== "A1-short"),
      ...productKeys("A2", [1, 2, 3], false).filter((k) => k !== "A2-short"),
    ],
    visible: "catA-name",
    title: ["catA-name", "settings-company"],
    more: async (_page, s) => {
      // Breadcrumb JSON-LD carries the hostile name exactly.
      expect(JSON.stringify(s.jsonLd)).toContain(JSON.stringify(val("catA-name")));
    },
  },
  {
    name: "category page filtered by a subcategory",
    path: (s) => `/products/${s.catA.slug}?type=${s.subSlug}`,
    text: ["catA-sub1", "A1-name"],
    visible: "A1-name",
    title: ["catA-name", "catA-sub1"],
  },
  {
    name: "category page without subcategories",
    path: (s) => `/products/${s.catB.slug}`,
    text: ["catB-description", "catB-feature1-name", "B1-name"],
    visible: "catB-name",
    title: ["catB-name"],
  },
  {
    name: "product detail",
    path: (s) => `/products/${s.catA.slug}/${s.products.A1}`,
    text: [...productKeys("A1"), "A1-full", "catA-name", "A2-name"],
    visible: "A1-name",
    title: ["A1-name", "settings-company"],
    more: async (_page, s) => {
      const ld = JSON.stringify(s.jsonLd);
      expect(ld).toContain(JSON.stringify(val("A1-name")));
      expect(ld).toContain(JSON.stringify(val("settings-company")));
    },
  },
  {
    name: "product detail (second category)",
    path: (s) => `/products/${s.catB.slug}/${s.products.B1}`,
    text: [...productKeys("B1"), "B1-full", "catB-name"],
    visible: "B1-name",
    title: ["B1-name"],
  },
  {
    name: "services list",
    path: () => "/services",
    text: ["service1-title", "service1-description", "service2-title", "service2-description"],
    visible: "service1-title",
  },
  {
    name: "service detail",
    path: (s) => `/services/${s.services.S1}`,
    text: ["service1-title", "service1-description", "service1-benefit1", "service1-benefit2", "service2-title"],
    visible: "service1-title",
    title: ["service1-title"],
    more: async (page) => {
      await expect(page.getByTestId("service-details").getByRole("listitem")).toHaveText(SERVICE_DETAILS);
    },
  },
  {
    name: "contact",
    path: () => "/contact",
    text: ["settings-phone-label", "settings-email-label", "settings-days", "settings-hours", "faq-question", "faq-answer"],
    visible: "settings-email-label",
    more: async (page, s) => {
      // The FAQPage JSON-LD carries the hostile question and answer exactly (and parsed: see expectClean).
      const ld = JSON.stringify(s.jsonLd);
      expect(ld).toContain('"FAQPage"');
      expect(ld).toContain(JSON.stringify(val("faq-question")));
      expect(ld).toContain(JSON.stringify(val("faq-answer")));
      expect(s.text).toContain(HOSTILE_EMAIL);
      expect(s.text).toContain(PHONE);
      // Hostile URLs stay attribute values: the links point exactly there.
      const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toContain(MAP_URL);
      expect(hrefs).toContain(`mailto:${HOSTILE_EMAIL}`);
      for (const url of Object.values(SOCIAL)) expect(hrefs).toContain(url);
    },
  },
  {
    // The search reads words, not markup (docs/decisions/019): the javascript: URL's words are in every
    // record's description; the <script> part is echoed back and must stay text.
    name: "search with a script query that matches every record",
    path: () => `/search?q=${encodeURIComponent(SEARCH_PAYLOAD)}`,
    text: ["A1-name", "A2-name", "B1-name", "catA-name", "catB-name", "service1-title", "service2-title"],
    visible: "A1-name",
    more: async (page, s) => {
      expect(s.text).toContain(`for “${SEARCH_PAYLOAD}”`);
      expect(s.title).toContain(`“${SEARCH_PAYLOAD}”`);
      await expect(page.getByRole("search", { name: "Search this site" }).locator('input[name="q"]')).toHaveValue(SEARCH_PAYLOAD);
    },
  },
  {
    name: "search with a payload query that matches nothing",
    path: () => `/search?q=${encodeURIComponent(`${V.closeScript}${V.svg}zz-no-match`)}`,
    more: async (page, s) => {
      const q = `${V.closeScript}${V.svg}zz-no-match`;
      expect(s.text).toContain(`No results for “${q}”`);
      await expect(page.getByText(`No results for “${q}”`)).toBeVisible();
    },
  },
  { name: "not-found page at a payload path", path: () => `/${encodeURIComponent(V.script)}/${V.img}`, status: 404 },
  { name: "unknown category at a payload path", path: () => `/products/${encodeURIComponent(V.svg)}`, status: 404 },
  {
    name: "unknown product at a payload path",
    path: (s) => `/products/${s.catA.slug}/${encodeURIComponent(V.closeScript)}`,
    status: 404,
  },
  { name: "unknown service at a payload path", path: () => `/services/${encodeURIComponent(V.title)}`, status: 404 },
];

test.describe("public pages", () => {
  for (const c of PUBLIC) {
    test(`${c.name}: no payload runs, text shows as text`, { tag: "@journey" }, async ({ page }) => {
      const w = await watch(page);
      const path = c.path(seeded);
      const s = await visit(page, w, path, c.status ?? 200);
      if (c.status !== 404) await expectShown(page, path, [...LAYOUT_KEYS, ...(c.text ?? [])]);
      for (const k of c.title ?? []) expect(s.title, `<title> of ${path}`).toContain(val(k));
      if (c.visible) await expect(page.getByText(val(c.visible), { exact: true }).first()).toBeVisible();
      await c.more?.(page, s);
    });
  }

  test("sitemap.xml and robots.txt open without running anything", { tag: "@http" }, async ({ page }) => {
    const w = await watch(page);
    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expectClean(page, w, "after load");
    }
    // The sitemap lists the records by their slugs.
    const xml = await (await fetch(`${XSS_URL}/sitemap.xml`)).text();
    expect(xml).toContain(`/products/${seeded.catA.slug}/${seeded.products.A1}`);
    // Slugs are made of lowercase words: nothing of the markup in the names reaches the XML.
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(5);
    expect(locs.filter((l) => !/^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9/-]*$/.test(l ?? ""))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Admin screens
// ---------------------------------------------------------------------------------------------------

interface AdminCase {
  path: string | ((s: Seeded) => string);
  heading: string;
  /** Payload keys shown as literal text. */
  text: string[];
  /** Payload keys shown as text or as form field values. */
  values?: string[];
  /** Exact strings that must be form field values. */
  literalValues?: string[];
  /** Opens an edit or view dialog of one record: the keys must show as field values or text. */
  dialog?: { button: string; keys: string[]; extra?: (page: Page) => Promise<void> };
}

/** A list type's screen: its path and heading from the declaration. */
function listScreen(name: string, rest: Omit<AdminCase, "path" | "heading">): AdminCase {
  const c = LIST_CONTENT.find((x) => x.name === name);
  if (!c) throw new Error(`no list type ${name}`);
  return { path: `/admin/${c.admin.path}`, heading: c.admin.title, ...rest };
}

const ADMIN_CASES: AdminCase[] = [
  {
    path: "/admin/dashboard",
    heading: "Dashboard Overview",
    text: ["contact1-name", "contact2-name", "service1-title", "service2-title", "service1-benefit1", "service1-benefit2"],
  },
  listScreen("banner", {
    text: ["banner-title"],
    dialog: { button: "Edit banner-title", keys: ["banner-title", "banner-description"] },
  }),
  listScreen("industrial", {
    text: ["industrial-title"],
    dialog: { button: "Edit industrial-title", keys: ["industrial-title", "industrial-description"] },
  }),
  listScreen("testimonial", {
    text: ["testimonial-name", "testimonial-designation"],
    dialog: { button: "Edit testimonial-name", keys: ["testimonial-name", "testimonial-designation", "testimonial-feedback"] },
  }),
  listScreen("story", {
    text: ["story-title"],
    dialog: { button: "Edit story-title", keys: ["story-title", "story-content"] },
  }),
  listScreen("core-value", {
    text: ["core-title"],
    dialog: { button: "Edit core-title", keys: ["core-title", "core-description"] },
  }),
  listScreen("facility", {
    text: ["facility1-title", "facility2-title", "facility1-feature1"],
    dialog: {
      button: "Edit facility1-title",
      keys: ["facility1-title", "facility1-description", "facility1-feature1", "facility1-feature2", "facility1-feature3"],
    },
  }),
  listScreen("team-member", {
    text: ["team-name", "team-position"],
    dialog: { button: "Edit team-name", keys: ["team-name", "team-position", "team-description"] },
  }),
  listScreen("service", {
    text: ["service1-title", "service2-title"],
    dialog: {
      button: "Edit service1-title",
      keys: ["service1-title", "service1-description", "service1-benefit1", "service1-benefit2"],
      extra: async (page) => {
        await expect(page.getByRole("dialog").getByLabel("Details")).toHaveValue(SERVICE_DETAILS.join("\n"));
      },
    },
  }),
  listScreen("faq", {
    text: ["faq-question"],
    dialog: { button: "Edit faq-question", keys: ["faq-question", "faq-answer"] },
  }),
  {
    path: "/admin/categories",
    heading: "Categories Management",
    text: ["catA-name", "catB-name", "catA-sub1", "catA-sub2", "catA-feature1-name"],
    dialog: {
      button: "Edit catA-name",
      keys: ["catA-name", "catA-description", "catA-feature1-name", "catA-feature2-name", "catA-sub1", "catA-sub2"],
    },
  },
  {
    path: "/admin/products",
    heading: "Products Management",
    text: ["A1-name", "A2-name", "B1-name", "catA-name", "catA-sub1"],
    dialog: {
      button: "Edit A1-name",
      keys: [...productKeys("A1"), "A1-full"],
    },
  },
  {
    path: (s) => `/admin/products?category=${s.catA._id}&subcategory=${s.catA.subcategories[1]?._id}`,
    heading: "Products Management",
    text: ["A2-name", "catA-sub2"],
  },
  {
    path: "/admin/contacts",
    heading: "Contact Messages",
    text: ["contact1-name", "contact1-subject", "contact2-name", "contact2-subject"],
    dialog: {
      button: "View the message from contact1-name",
      keys: ["contact1-name", "contact1-subject", "contact1-message"],
    },
  },
  { path: "/admin/customers", heading: "Customers", text: ["contact1-name", "contact2-name"] },
  {
    path: "/admin/settings",
    heading: "Site Settings",
    text: [],
    values: [
      "settings-company",
      "settings-tagline",
      "settings-phone-label",
      "settings-email-label",
      "settings-address",
      "settings-days",
      "settings-hours",
    ],
    literalValues: [PHONE, HOSTILE_EMAIL, WHATSAPP, MAP_URL, ...Object.values(SOCIAL)],
  },
  {
    path: "/admin/specifications",
    heading: "Home Specifications",
    text: [],
    values: ["settings-spec1-label", "settings-spec1-value", "settings-spec2-label", "settings-spec2-value"],
  },
  { path: `/admin/${encodeURIComponent(V.script)}`, heading: "Page not found", text: [] },
];

/** The button's accessible name starts with a payload key: turn it into the full payload. */
function buttonName(label: string): string {
  const m = /^(Edit|View the message from) (\S+)$/.exec(label);
  return m?.[1] && m[2] ? `${m[1]} ${val(m[2])}` : label;
}

test.describe("admin screens", () => {
  test("every list type's screen is among them", { tag: "@journey" }, () => {
    const paths = ADMIN_CASES.map((c) => c.path);
    expect(LIST_CONTENT.filter((c) => !paths.includes(`/admin/${c.admin.path}`)).map((c) => c.name)).toEqual([]);
  });

  test("signing in through the form with a javascript: redirectTo lands on the dashboard", { tag: "@journey" }, async ({
    page,
  }) => {
    const w = await watch(page);
    await visit(page, w, `/admin/login?redirectTo=${encodeURIComponent(V.jsUrl)}`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    await expect(page.getByText(val("contact1-name"), { exact: true }).first()).toBeVisible();
    await settle(page);
    await expectShown(page, "the dashboard", ["contact1-name", "service1-title"]);
    await expectClean(page, w, "after signing in");
  });

  for (const c of ADMIN_CASES) {
    const label = typeof c.path === "string" ? c.path : "/admin/products?category=…&subcategory=…";
    test(`${label}: no payload runs, text shows as text${c.dialog ? ", and in the dialog" : ""}`, { tag: "@journey" }, async ({
      page,
    }) => {
      const w = await watch(page);
      await signIn(page, XSS_URL);
      const path = typeof c.path === "string" ? c.path : c.path(seeded);
      await visit(page, w, path);
      await expect(page.getByRole("heading", { level: 1, name: c.heading })).toBeVisible();
      if (c.text[0])
        await expect(page.getByText(val(c.text[0]), { exact: true }).filter({ visible: true }).first()).toBeVisible();
      await expectShown(page, path, c.text, c.values);
      const s = await expectClean(page, w, "once the screen is shown");
      for (const v of c.literalValues ?? []) expect(s.values, `${path} form values`).toContain(v);
      if (c.dialog) {
        await page.getByRole("button", { name: buttonName(c.dialog.button), exact: true }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expectShown(page, `${path} (dialog)`, [], c.dialog.keys);
        await settle(page);
        await expectClean(page, w, "with the dialog open");
        await c.dialog.extra?.(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expectClean(page, w, "after closing the dialog");
      }
    });
  }
});
