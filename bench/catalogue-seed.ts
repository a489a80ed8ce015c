/**
 * Adds a large generated catalogue to a bench data directory that already holds the demo content (the
 * server must be stopped: the embedded database allows one process). Run by bench/catalogue.js as
 * `node --import tsx bench/catalogue-seed.ts <dataDir> <products> <categories>`; DATABASE_URL is honoured
 * like the server does. Categories get 2–4 subcategories, products realistic names, descriptions,
 * features and specifications, and the demo's stored pictures (so pages render real images). Deterministic:
 * the same numbers give the same catalogue. Prints one JSON line: what was inserted and how long it took.
 */
import { max } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { categories, products, subcategories } from "../server/db/content-tables";
import type { ProductFeature, ProductSpecification } from "../shared/content/product";
import { newId } from "../shared/lib/ids";
import { slugify } from "../shared/lib/slug";

const [dataDir, productArg, categoryArg] = process.argv.slice(2);
const productCount = Number(productArg);
const categoryCount = Number(categoryArg);
if (!dataDir || !(productCount > 0) || !(categoryCount > 0)) {
  console.error("usage: catalogue-seed.ts <dataDir> <products> <categories>");
  process.exit(2);
}

/** Small deterministic PRNG (mulberry32), so every run seeds the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20_240_601);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

interface Family {
  name: string;
  code: string;
  noun: string;
  subcategories: string[];
  /** Motor sizes in kW the family comes in. */
  sizes: number[];
  features: [string, string][];
}

const FAMILIES: Family[] = [
  {
    name: "Reciprocating Air Compressors",
    code: "RC",
    noun: "Reciprocating Compressor",
    subcategories: ["Single Stage", "Two Stage", "Tank-Mounted", "Base-Mounted"],
    sizes: [1.5, 2.2, 3.7, 5.5, 7.5, 11, 15],
    features: [
      ["Pump", "Cast-iron cylinders, stainless steel valves"],
      ["Cooling", "Finned intercooler and flywheel fan"],
      ["Drive", "V-belt with full guard"],
      ["Protection", "Thermal overload and safety valve"],
    ],
  },
  {
    name: "Rotary Screw Compressors",
    code: "RS",
    noun: "Rotary Screw Compressor",
    subcategories: ["Fixed Speed", "Variable Speed Drive", "Water-Cooled"],
    sizes: [7.5, 11, 15, 22, 30, 37, 45, 55, 75, 90],
    features: [
      ["Airend", "Oil-injected twin screw, direct drive"],
      ["Controller", "Touch display with service reminders"],
      ["Cabinet", "Acoustic panels, tool-free access"],
      ["Motor", "IE3 premium efficiency"],
    ],
  },
  {
    name: "Oil-Free Scroll Compressors",
    code: "OS",
    noun: "Oil-Free Scroll Compressor",
    subcategories: ["Simplex", "Duplex", "Multi-Scroll"],
    sizes: [1.5, 2.2, 3.7, 5.5, 7.5, 11, 15, 22],
    features: [
      ["Air quality", "ISO 8573-1 Class 0, certified"],
      ["Noise", "From 58 dB(A)"],
      ["Maintenance", "No oil to change or dispose of"],
      ["Control", "Staged scrolls follow demand"],
    ],
  },
  {
    name: "Refrigerated Air Dryers",
    code: "RD",
    noun: "Refrigerated Air Dryer",
    subcategories: ["Cycling", "Non-Cycling", "High Temperature"],
    sizes: [0.3, 0.5, 0.8, 1.1, 1.6, 2.2, 3.0],
    features: [
      ["Dew point", "+3 °C pressure dew point"],
      ["Refrigerant", "R513A, low global warming potential"],
      ["Drain", "Zero-loss electronic drain"],
      ["Heat exchanger", "Aluminium three-in-one module"],
    ],
  },
  {
    name: "Desiccant Air Dryers",
    code: "DD",
    noun: "Desiccant Air Dryer",
    subcategories: ["Heatless", "Heated Purge", "Blower Purge"],
    sizes: [0.2, 0.4, 0.75, 1.5, 2.2, 4.0, 5.5],
    features: [
      ["Dew point", "-40 °C, -70 °C on request"],
      ["Desiccant", "Activated alumina, long-life beads"],
      ["Control", "Dew-point dependent switching"],
      ["Towers", "Twin aluminium towers"],
    ],
  },
  {
    name: "Air Receivers",
    code: "AR",
    noun: "Air Receiver",
    subcategories: ["Vertical", "Horizontal", "Galvanised"],
    sizes: [0.1, 0.2, 0.3, 0.5, 1, 2, 3],
    features: [
      ["Construction", "IS 2825 pressure vessel, hydro-tested"],
      ["Finish", "Epoxy inside, enamel outside"],
      ["Fittings", "Safety valve, gauge and drain"],
      ["Certificate", "Test certificate with every vessel"],
    ],
  },
  {
    name: "Compressed Air Filters",
    code: "CF",
    noun: "Compressed Air Filter",
    subcategories: ["General Purpose", "High Efficiency", "Activated Carbon", "Dust"],
    sizes: [0.1, 0.2, 0.4, 0.8, 1.5, 3],
    features: [
      ["Element", "Pleated borosilicate, low pressure drop"],
      ["Housing", "Die-cast aluminium, corrosion protected"],
      ["Indicator", "Differential pressure gauge"],
      ["Drain", "Float drain fitted"],
    ],
  },
  {
    name: "Condensate Drains",
    code: "CD",
    noun: "Condensate Drain",
    subcategories: ["Timer", "Zero-Loss", "Float"],
    sizes: [0.05, 0.1, 0.2, 0.4],
    features: [
      ["Operation", "Level sensing, no air loss"],
      ["Alarm", "Volt-free fault contact"],
      ["Body", "Aluminium, 16 bar rated"],
      ["Service", "Service unit swaps in minutes"],
    ],
  },
  {
    name: "Nitrogen Generators",
    code: "NG",
    noun: "Nitrogen Generator",
    subcategories: ["PSA", "Membrane"],
    sizes: [1.5, 3, 5.5, 11, 22],
    features: [
      ["Purity", "95% to 99.999%"],
      ["Technology", "Carbon molecular sieve PSA"],
      ["Monitoring", "Zirconia oxygen analyser"],
      ["Start-up", "Rated purity within 15 minutes"],
    ],
  },
  {
    name: "Oxygen Generators",
    code: "OG",
    noun: "Oxygen Generator",
    subcategories: ["Medical", "Industrial"],
    sizes: [2.2, 5.5, 11, 22, 37],
    features: [
      ["Purity", "93% ± 3%"],
      ["Technology", "Zeolite molecular sieve PSA"],
      ["Backup", "Automatic cylinder manifold changeover"],
      ["Monitoring", "Purity, flow and pressure on display"],
    ],
  },
  {
    name: "Vacuum Pumps",
    code: "VP",
    noun: "Vacuum Pump",
    subcategories: ["Rotary Vane", "Claw", "Liquid Ring"],
    sizes: [0.75, 1.5, 3, 5.5, 7.5, 11],
    features: [
      ["Ultimate vacuum", "0.5 mbar(a)"],
      ["Drive", "Direct-coupled motor"],
      ["Separation", "Oil mist eliminator"],
      ["Control", "Variable speed on request"],
    ],
  },
  {
    name: "Low-Pressure Blowers",
    code: "LB",
    noun: "Blower",
    subcategories: ["Roots", "Side Channel", "Screw Blower"],
    sizes: [3, 5.5, 11, 18.5, 30, 45],
    features: [
      ["Pressure", "Up to 1 bar(g)"],
      ["Enclosure", "Acoustic hood, 72 dB(A)"],
      ["Drive", "Belt drive with auto tensioner"],
      ["Protection", "Pressure relief and check valves"],
    ],
  },
  {
    name: "Booster Compressors",
    code: "BC",
    noun: "Booster Compressor",
    subcategories: ["PET Blowing", "High Pressure"],
    sizes: [5.5, 11, 22, 37],
    features: [
      ["Pressure", "Boosts 7 bar to 40 bar"],
      ["Pump", "Two-stage, water-cooled"],
      ["Valves", "Stainless steel plate valves"],
      ["Control", "PLC with unload and auto restart"],
    ],
  },
  {
    name: "Portable Diesel Compressors",
    code: "PD",
    noun: "Portable Diesel Compressor",
    subcategories: ["Wheeled", "Skid-Mounted"],
    sizes: [30, 45, 75, 110],
    features: [
      ["Engine", "Water-cooled diesel, CPCB IV+"],
      ["Chassis", "Tow bar, road wheels and lifting eye"],
      ["Fuel", "Eight hours on one tank"],
      ["Canopy", "Galvanised, sound-proofed"],
    ],
  },
  {
    name: "Aluminium Piping Systems",
    code: "AP",
    noun: "Piping Kit",
    subcategories: ["Ring Mains", "Drops", "Fittings"],
    sizes: [0.1, 0.2, 0.4, 0.8],
    features: [
      ["Material", "Extruded aluminium, powder coated"],
      ["Joints", "Push-fit, no threading or welding"],
      ["Leakage", "Zero-leak O-ring seals"],
      ["Changes", "Reconfigure without downtime"],
    ],
  },
  {
    name: "Heat Recovery Units",
    code: "HR",
    noun: "Heat Recovery Unit",
    subcategories: ["Hot Water", "Hot Air"],
    sizes: [11, 22, 37, 55, 75],
    features: [
      ["Recovery", "Up to 75% of the input power"],
      ["Exchanger", "Brazed plate, stainless steel"],
      ["Control", "Thermostatic bypass valve"],
      ["Fit", "Retrofits most screw compressors"],
    ],
  },
  {
    name: "Oil-Water Separators",
    code: "OW",
    noun: "Oil-Water Separator",
    subcategories: ["Gravity", "Activated Carbon"],
    sizes: [0.1, 0.3, 0.6, 1.2],
    features: [
      ["Discharge", "Below 10 ppm oil in water"],
      ["Stages", "Pre-separation, oleophilic and carbon"],
      ["Service", "Cartridge change without tools"],
      ["Indicator", "Test-water sampling valve"],
    ],
  },
  {
    name: "Air Treatment Packages",
    code: "AT",
    noun: "Air Treatment Package",
    subcategories: ["Skid Packages", "Container Plants"],
    sizes: [7.5, 15, 30, 55, 90],
    features: [
      ["Scope", "Compressor, dryer, filters and receiver"],
      ["Installation", "Pre-piped and pre-wired skid"],
      ["Testing", "Factory acceptance test"],
      ["Footprint", "Up to 40% smaller than loose items"],
    ],
  },
  {
    name: "Dental Compressors",
    code: "DC",
    noun: "Dental Compressor",
    subcategories: ["Single Chair", "Multi Chair"],
    sizes: [0.55, 0.75, 1.1, 1.5, 2.2],
    features: [
      ["Air quality", "Oil-free, with membrane dryer"],
      ["Noise", "Cabinet version at 52 dB(A)"],
      ["Hygiene", "Antibacterial tank coating"],
      ["Installation", "Fits under a worktop"],
    ],
  },
  {
    name: "Medical Air Plants",
    code: "MA",
    noun: "Medical Air Plant",
    subcategories: ["Duplex", "Triplex"],
    sizes: [3.7, 7.5, 11, 15, 22],
    features: [
      ["Standard", "ISO 7396-1 medical air"],
      ["Redundancy", "N+1 compressors and dryers"],
      ["Monitoring", "Dew point, CO and pressure alarms"],
      ["Filtration", "Bacterial filters at the outlet"],
    ],
  },
];

const SEGMENTS: { name: string; code: string; text: string }[] = [
  { name: "Textile Mills", code: "TX", text: "spinning, weaving and air-jet looms" },
  { name: "Foundries", code: "FD", text: "fettling, core shooting and moulding lines" },
  { name: "Food & Beverage", code: "FB", text: "bottling, packing and process air" },
  { name: "Pharmaceuticals", code: "PH", text: "tablet presses, coating and clean rooms" },
  { name: "Hospitals", code: "HS", text: "wards, theatres and laboratories" },
  { name: "Automotive Workshops", code: "AW", text: "tyre changers, impact tools and paint booths" },
  { name: "Packaging Lines", code: "PK", text: "form-fill-seal machines and case packers" },
  { name: "Electronics", code: "EL", text: "pick-and-place machines and wave soldering" },
  { name: "Plastics Moulding", code: "PM", text: "injection moulding and PET blowing" },
  { name: "Mining & Quarrying", code: "MQ", text: "drilling rigs, breakers and dust control" },
  { name: "Cement Plants", code: "CM", text: "bag filters, conveying and kiln burners" },
  { name: "Printing Presses", code: "PR", text: "sheet feeders, folders and binders" },
];

/** The compressor type of each generated family that is a compressor (the rest are dryers, filters, …). */
const TYPE_BY_CODE: Record<string, "reciprocating" | "rotary-screw" | "scroll" | "centrifugal" | "rotary-vane"> = {
  RC: "reciprocating",
  RS: "rotary-screw",
  OS: "scroll",
  LB: "centrifugal",
  BC: "reciprocating",
  PD: "rotary-screw",
  DC: "scroll",
  MA: "rotary-screw",
};

const VARIANTS = ["Standard", "Plus", "Pro", "Eco", "HD", "Compact", "Max", "Silent", "Duo", "Smart"];
const CITIES = ["Salem", "Coimbatore", "Tiruppur", "Erode", "Madurai", "Chennai", "Hosur", "Trichy"];

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function main() {
  const started = performance.now();
  const handle = await openDatabase({
    dataDir: dataDir!,
    databaseUrl: process.env.DATABASE_URL || null,
    lockHolder: "bench catalogue seed",
  });
  const { db } = handle;
  try {
    // The demo's stored pictures, reused so every generated page shows real images.
    const demoProducts = await db.select({ main: products.mainImage, extra: products.additionalImages }).from(products);
    const demoCategories = await db.select({ image: categories.image, slug: categories.slug }).from(categories);
    const productImages = demoProducts.map((p) => p.main).filter(Boolean);
    const extraImages = demoProducts.flatMap((p) => p.extra);
    const categoryImages = demoCategories.map((c) => c.image).filter(Boolean);
    const usedCategorySlugs = new Set(demoCategories.map((c) => c.slug));
    const usedProductSlugs = new Set((await db.select({ slug: products.slug }).from(products)).map((p) => p.slug));
    const [{ top: categoryTop } = { top: 0 }] = await db.select({ top: max(categories.position) }).from(categories);
    const [{ top: productTop } = { top: 0 }] = await db.select({ top: max(products.position) }).from(products);

    const categoryRows: (typeof categories.$inferInsert)[] = [];
    const subcategoryRows: (typeof subcategories.$inferInsert)[] = [];
    const productRows: (typeof products.$inferInsert)[] = [];
    const unique = (slug: string, used: Set<string>) => {
      let candidate = slug;
      for (let n = 2; used.has(candidate); n++) candidate = `${slug}-${n}`;
      used.add(candidate);
      return candidate;
    };

    let productPosition = (productTop ?? 0) + 1;
    for (let ci = 0; ci < categoryCount; ci++) {
      const family = FAMILIES[ci % FAMILIES.length]!;
      const segment = SEGMENTS[Math.floor(ci / FAMILIES.length) % SEGMENTS.length]!;
      const series = Math.floor(ci / (FAMILIES.length * SEGMENTS.length));
      const name = `${family.name} for ${segment.name}${series > 0 ? ` (Series ${series + 1})` : ""}`;
      const categoryId = newId();
      categoryRows.push({
        id: categoryId,
        slug: unique(slugify(name), usedCategorySlugs),
        name,
        description: `${family.name} chosen, sized and configured for ${segment.text}. Every model is tested at our Salem works and supported by service engineers across South India.`,
        image: categoryImages.length ? pick(categoryImages) : "",
        features: family.features.slice(0, 3).map(([featureName, description]) => ({ name: featureName, description })),
        position: (categoryTop ?? 0) + 1 + ci,
      });
      const subCount = Math.min(family.subcategories.length, 2 + Math.floor(random() * 3));
      const subIds = family.subcategories.slice(0, subCount).map((subName, si) => {
        const id = newId();
        subcategoryRows.push({ id, categoryId, name: subName, position: si });
        return { id, name: subName };
      });

      // Products spread evenly over the categories (the first ones get the remainder).
      const perCategory = Math.floor(productCount / categoryCount) + (ci < productCount % categoryCount ? 1 : 0);
      for (let pi = 0; pi < perCategory; pi++) {
        const sub = subIds[pi % subIds.length]!;
        const kw = family.sizes[pi % family.sizes.length]!;
        const variant = VARIANTS[Math.floor(pi / family.sizes.length) % VARIANTS.length]!;
        const mark = Math.floor(pi / (family.sizes.length * VARIANTS.length));
        const model =
          `PN-${family.code}${segment.code} ${kw < 1 ? Math.round(kw * 100) : kw}` +
          `${variant === "Standard" ? "" : ` ${variant}`}${mark > 0 ? ` Mk ${mark + 1}` : ""}`;
        const productName = `${model} ${sub.name} ${family.noun}`;
        const pressure = pick([7, 7.5, 8, 10, 12, 13]);
        const flow = round(kw * (5.2 + random() * 1.2));
        const noise = Math.round(58 + Math.log2(kw + 1) * 3 + random() * 4);
        const weight = Math.round(40 + kw * 24 + random() * 30);
        const features: ProductFeature[] = family.features.map(([featureName, featureValue]) => ({ featureName, featureValue }));
        const specifications: ProductSpecification[] = [
          { specName: "Free air delivery", specValue: `${flow} CFM` },
          { specName: "Working pressure", specValue: `${pressure} bar` },
          { specName: "Motor", specValue: `${kw} kW / ${round(kw * 1.341)} HP` },
          { specName: "Noise level", specValue: `${noise} dB(A)` },
          { specName: "Weight", specValue: `${weight} kg` },
          {
            specName: "Dimensions (L × W × H)",
            specValue: `${Math.round(600 + kw * 20)} × ${Math.round(400 + kw * 8)} × ${Math.round(700 + kw * 10)} mm`,
          },
          { specName: "Warranty", specValue: pick(["1 year", "2 years", "2 years; 5 years on the airend"]) },
        ];
        const extras = extraImages.length ? Array.from({ length: Math.floor(random() * 3) }, () => pick(extraImages)) : [];
        // Key figures (issue 14), canonical units, consistent with the specification rows above.
        const type = TYPE_BY_CODE[family.code] ?? null;
        const variableSpeed = type !== null && (variant === "Eco" || variant === "Smart");
        const m3min = Number((flow * 0.0283168466).toPrecision(6));
        productRows.push({
          compressorType: type,
          lubrication:
            type === null ? null : ["OS", "DC", "MA"].includes(family.code) || random() < 0.15 ? "oil-free" : "lubricated",
          drive: type === null ? null : variableSpeed ? "variable-speed" : "fixed-speed",
          cooling: kw >= 90 && random() < 0.4 ? "water" : "air",
          flowMin: variableSpeed ? Number((m3min * 0.3).toPrecision(6)) : m3min,
          flowMax: m3min,
          maxPressure: pressure,
          motorPower: kw,
          noiseLevel: noise,
          weight,
          id: newId(),
          slug: unique(slugify(productName), usedProductSlugs),
          categoryId,
          subcategoryId: sub.id,
          name: productName,
          shortDescription: `A ${kw} kW ${family.noun.toLowerCase()} for ${segment.text}, delivering ${flow} CFM at ${pressure} bar.`,
          fullDescription:
            `The ${model} is a ${sub.name.toLowerCase()} ${family.noun.toLowerCase()} built for ${segment.text}. ` +
            `It delivers ${flow} CFM at ${pressure} bar from a ${kw} kW motor, at ${noise} dB(A). ` +
            `${family.features[0]![0]}: ${family.features[0]![1].toLowerCase()}; ${family.features[1]![0].toLowerCase()}: ${family.features[1]![1].toLowerCase()}. ` +
            `Installed and serviced by our engineers from ${pick(CITIES)}, with spares in stock at Salem.`,
          price: random() < 0.15 ? null : Math.round((kw * 28_000 + random() * 20_000) / 100) * 100,
          mainImage: productImages.length ? pick(productImages) : "",
          additionalImages: extras,
          features,
          specifications,
          featured: false,
          position: productPosition++,
        });
      }
    }
    const generatedMs = performance.now() - started;

    await db.transaction(async (tx) => {
      for (let i = 0; i < categoryRows.length; i += 500) await tx.insert(categories).values(categoryRows.slice(i, i + 500));
      for (let i = 0; i < subcategoryRows.length; i += 1000) {
        await tx.insert(subcategories).values(subcategoryRows.slice(i, i + 1000));
      }
      for (let i = 0; i < productRows.length; i += 500) await tx.insert(products).values(productRows.slice(i, i + 500));
    });
    console.log(
      JSON.stringify({
        categories: categoryRows.length,
        subcategories: subcategoryRows.length,
        products: productRows.length,
        ms: Math.round(performance.now() - started),
        generatedMs: Math.round(generatedMs),
      }),
    );
  } finally {
    await handle.close();
  }
}

await main();
