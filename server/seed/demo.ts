/**
 * Demo content for a fresh installation: the fictional "Pneuma Air Systems" of Salem, Tamil Nadu, with
 * its products, services, people and company details. Every name, number and address here is invented.
 *
 * The pictures are drawn (see illustrations.ts), rendered to PNG and stored through the ImageStore before
 * the database transaction starts; each record gets its own stored file, because deleting a record
 * deletes its images.
 */
import sharp from "sharp";
import { z } from "zod";
import { bannerContent } from "../../shared/content/banner";
import { coreValueContent } from "../../shared/content/core-value";
import { facilityContent } from "../../shared/content/facility";
import { industrialContent } from "../../shared/content/industrial";
import { keyFigureInput, keyFiguresToRow } from "../../shared/content/product-figures";
import { type SiteSettings, siteSettingsSchema } from "../../shared/content/settings";
import { storyContent } from "../../shared/content/story";
import { teamMemberContent } from "../../shared/content/team-member";
import { newId } from "../../shared/lib/ids";
import { slugify } from "../../shared/lib/slug";
import { DEFAULT_PRIVACY_NOTICE } from "../../shared/privacy/consent";
import { DEFAULT_QUOTATION_TERMS } from "../../shared/schemas/defaults";
import type { Database } from "../db/client";
import { categories, faqs, products, services, siteSettings, subcategories, tableOf, testimonials } from "../db/content-tables";
import type { ImageStore } from "../uploads/images";
import {
  type AvatarOptions,
  avatar,
  categoryIllustration,
  detailIllustration,
  type MachineKind,
  PALETTE,
  plantScene,
  productIllustration,
  type ServiceArtKind,
  serviceIllustration,
  type WorkshopVariant,
  workshopScene,
} from "./illustrations";

/** The list types the demo fills besides those the server's queries name. */
const banners = tableOf(bannerContent);
const industrials = tableOf(industrialContent);
const stories = tableOf(storyContent);
const facilities = tableOf(facilityContent);
const teamMembers = tableOf(teamMemberContent);
const coreValues = tableOf(coreValueContent);

// ---------------------------------------------------------------------------------------------------
// Company details

const SETTINGS: SiteSettings = {
  companyName: "Pneuma Air Systems",
  tagline: "Compressed air systems designed, built and serviced in Salem since 1998.",
  gstin: "33AAKCP1998Q1ZI", // made up, with a valid check character (Tamil Nadu)
  quotationPaymentTerms: DEFAULT_QUOTATION_TERMS.payment,
  quotationDeliveryTerms: DEFAULT_QUOTATION_TERMS.delivery,
  quotationWarrantyTerms: DEFAULT_QUOTATION_TERMS.warranty,
  quotationValidityDays: DEFAULT_QUOTATION_TERMS.validityDays,
  pan: "AAKCP1998Q", // made up, the PAN inside the GSTIN above
  bankDetails:
    "State Bank of India, Salem Main branch. Account: Pneuma Air Systems, current account 30012345678. IFSC: SBIN0000123.",
  quotationLineTemplates: [
    { description: "Installation and commissioning", hsn: "998732", unit: "Job", price: "15000" },
    { description: "Freight to site", hsn: "996511", unit: "Trip", price: "8500" },
    { description: "Annual maintenance contract (AMC), 1 year", hsn: "998717", unit: "Year", price: "36000" },
  ],
  leadAssignment: "manual",
  declinedDealStage: "negotiating",
  privacyNotice: DEFAULT_PRIVACY_NOTICE,
  privacyNoticeVersion: 1,
  grievanceName: "R. Kavitha",
  grievanceEmail: "privacy@pneuma-air.example",
  privacyRequestDays: 30,
  retentionEnquiryMonths: 24,
  retentionLostDealMonths: 36,
  retentionQuotationYears: 8,
  phones: [
    { label: "Sales", value: "+91 427 200 1480" },
    { label: "Service", value: "+91 427 200 1490" },
    { label: "Office", value: "+91 427 200 1400" },
  ],
  emails: [
    { label: "Sales", value: "sales@pneuma-air.example" },
    { label: "Service", value: "service@pneuma-air.example" },
    { label: "General enquiries", value: "info@pneuma-air.example" },
  ],
  address: "Plot 14, Second Cross Road, SIDCO Industrial Estate, Suramangalam, Salem 636 005, Tamil Nadu, India",
  mapUrl: "",
  workingHours: [
    { days: "Mon-Fri", hours: "9:00 AM – 6:00 PM" },
    { days: "Sat", hours: "10:00 AM – 4:00 PM" },
    { days: "Sun", hours: "Closed" },
  ],
  whatsapp: "+91 427 200 1499",
  priceNote: "Ex-works Salem. GST 18% extra.",
  notifications: { quotes: [], services: [], messages: [] },
  social: {
    facebook: "https://www.facebook.com/example",
    linkedin: "https://www.linkedin.com/company/example",
    x: "https://x.com/example",
    instagram: "https://www.instagram.com/example",
    youtube: "https://www.youtube.com/@example",
  },
  homeSpecifications: [
    { label: "Working pressure", value: "7 – 12 bar" },
    { label: "Free air delivery", value: "7 – 450 CFM" },
    { label: "Motor power", value: "1.5 – 75 kW" },
    { label: "Noise level", value: "from 62 dB(A)" },
    { label: "Air receivers", value: "90 – 1,000 litres" },
    { label: "Oil-free air", value: "ISO 8573-1 Class 0" },
    { label: "Warranty", value: "2 years; 5 years on screw airends" },
    { label: "Service response", value: "Within 24 hours across Tamil Nadu" },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Catalogue

interface Colors {
  body: string;
  accent: string;
  tint?: string;
}

type ExtraView = "mirror" | "panel" | "gauge";

interface ProductSeed {
  name: string;
  subcategory: string;
  short: string;
  full: string;
  /** Rupees; null is "Price on request". */
  price: number | null;
  art: MachineKind;
  colors: Colors;
  extra?: ExtraView[];
  features: [string, string][];
  specs: [string, string][];
  featured?: boolean;
  /** Key figures as staff would type them (any unit); read by the product schema's own parser. */
  figures: Record<string, string>;
}

interface CategorySeed {
  name: string;
  /** Its machines' HSN code: compressors 8414 80, dryers and filters (purifying gases) 8421 39. */
  hsn: string;
  description: string;
  features: [string, string][];
  subcategories: string[];
  art: [back: MachineKind, front: MachineKind];
  colors: Colors;
  products: ProductSeed[];
}

/** The demo's key figures go through the same parser as the product dialog's. */
const demoFigures = z.strictObject(keyFigureInput);

const NAVY = { body: PALETTE.navy, accent: PALETTE.orange };
const BLUE = { body: PALETTE.blue, accent: PALETTE.orange };
const ORANGE = { body: PALETTE.orange, accent: PALETTE.navy };
const STEEL = { body: "#5b6670", accent: PALETTE.orange };
const TEAL = { body: "#1f7a7a", accent: PALETTE.orange };
const WHITE = { body: "#e4e9ee", accent: PALETTE.orange };
const GREEN = { body: "#2f7d5b", accent: PALETTE.orange };

const CATALOGUE: CategorySeed[] = [
  {
    name: "Reciprocating Air Compressors",
    hsn: "841480",
    description:
      "Belt-driven piston compressors with cast-iron pumps, for workshops, garages and small factories. Single-stage models reach 8 bar and two-stage intercooled models 12 bar.",
    features: [
      ["Cast-iron pump", "Heavy cylinders and stainless steel valves built for long daily runs."],
      ["Two-stage efficiency", "Intercooled models reach 12 bar with cooler air and lower wear."],
      ["Easy servicing", "Open layout, standard spares and simple belt adjustment."],
      ["Tank options", "90 to 500 litre receivers, on wheels or on fixed feet."],
    ],
    subcategories: ["Single Stage", "Two Stage", "Tank-Mounted"],
    art: ["recip-single", "recip-v"],
    colors: { ...BLUE, tint: PALETTE.navy },
    products: [
      {
        name: "PN-RC 2 Single-Stage Reciprocating Compressor",
        figures: {
          compressorType: "reciprocating",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "6.8 CFM",
          maxPressure: "8 bar",
          motorPower: "1.5 kW",
          noiseLevel: "76",
          weight: "78 kg",
          tankVolume: "90 l",
        },
        subcategory: "Single Stage",
        short: "A compact 2 HP compressor on a 90 litre wheeled tank for garages and small workshops.",
        full: "The PN-RC 2 pairs a single-cylinder cast-iron pump with a 1.5 kW motor on a 90 litre receiver. It runs tyre inflators, spray guns and blow guns with ease and moves around the shop on its two wheels. An automatic pressure switch, safety valve and belt guard come fitted as standard. It is the simplest way to put reliable compressed air into a small workshop.",
        price: 38500,
        art: "recip-single",
        colors: BLUE,
        features: [
          ["Pump", "Single-cylinder, cast iron"],
          ["Cooling", "Air-cooled, finned cylinder"],
          ["Drive", "V-belt with full guard"],
          ["Mobility", "Two wheels and a carry handle"],
        ],
        specs: [
          ["Free air delivery", "6.8 CFM"],
          ["Working pressure", "8 bar"],
          ["Motor", "1.5 kW / 2 HP, single phase"],
          ["Tank capacity", "90 litres"],
          ["Noise level", "76 dB(A)"],
          ["Weight", "78 kg"],
          ["Dimensions (L × W × H)", "1080 × 400 × 760 mm"],
        ],
      },
      {
        name: "PN-RC 3 Twin-Cylinder Single-Stage Compressor",
        figures: {
          compressorType: "reciprocating",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "10.5 CFM",
          maxPressure: "8 bar",
          motorPower: "2.2 kW",
          noiseLevel: "78",
          weight: "118 kg",
          tankVolume: "160 l",
        },
        subcategory: "Single Stage",
        short: "A 3 HP twin-cylinder compressor with a 160 litre tank for busy service stations.",
        full: "Two cylinders share the work in the PN-RC 3, so the pump runs cooler and delivers 10.5 CFM at 8 bar. The 160 litre receiver smooths out demand from impact wrenches and paint guns. A three-phase motor with overload protection is standard, with a single-phase version on request. Service access is from one side, so routine oil and filter changes take minutes.",
        price: 52000,
        art: "recip-twin",
        colors: ORANGE,
        features: [
          ["Pump", "Twin-cylinder, cast iron"],
          ["Cooling", "Air-cooled fins and flywheel fan"],
          ["Protection", "Motor overload relay and safety valve"],
          ["Drain", "Manual ball-valve tank drain"],
        ],
        specs: [
          ["Free air delivery", "10.5 CFM"],
          ["Working pressure", "8 bar"],
          ["Motor", "2.2 kW / 3 HP, three phase"],
          ["Tank capacity", "160 litres"],
          ["Noise level", "78 dB(A)"],
          ["Weight", "118 kg"],
          ["Dimensions (L × W × H)", "1300 × 460 × 860 mm"],
        ],
      },
      {
        name: "PN-RC 5 Two-Stage Reciprocating Compressor",
        figures: {
          compressorType: "reciprocating",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "17.5 CFM",
          maxPressure: "12 bar",
          motorPower: "3.7 kW",
          noiseLevel: "79",
          weight: "205 kg",
          tankVolume: "220 l",
        },
        subcategory: "Two Stage",
        short: "Our best-selling 5 HP two-stage compressor, delivering 17.5 CFM at up to 12 bar.",
        full: "The PN-RC 5 compresses air in two stages with a finned intercooler between them, reaching 12 bar while keeping discharge temperatures low. Its V-twin cast-iron pump turns slowly for a long life and a quieter sound. The 220 litre tank, automatic pressure switch and auto drain make it ready for textile looms, tyre shops and light fabrication. Spares are stocked at our Salem works and by every Pneuma dealer.",
        price: 85000,
        art: "recip-v",
        colors: NAVY,
        extra: ["gauge"],
        features: [
          ["Compression", "Two-stage, V-twin pump"],
          ["Cooling", "Air-cooled intercooler"],
          ["Drain", "Timer-controlled auto drain"],
          ["Starter", "Star-delta with overload relay"],
        ],
        specs: [
          ["Free air delivery", "17.5 CFM"],
          ["Working pressure", "12 bar"],
          ["Motor", "3.7 kW / 5 HP, three phase"],
          ["Tank capacity", "220 litres"],
          ["Noise level", "79 dB(A)"],
          ["Weight", "205 kg"],
          ["Dimensions (L × W × H)", "1500 × 560 × 1100 mm"],
        ],
        featured: true,
      },
      {
        name: "PN-RC 10 Two-Stage Reciprocating Compressor",
        figures: {
          compressorType: "reciprocating",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "35 CFM",
          maxPressure: "12 bar",
          motorPower: "7.5 kW",
          noiseLevel: "81",
          weight: "330 kg",
          tankVolume: "300 l",
        },
        subcategory: "Two Stage",
        short: "A 10 HP two-stage workhorse with a 300 litre receiver for continuous factory duty.",
        full: "Built for two-shift factories, the PN-RC 10 delivers 35 CFM at 12 bar from a heavy-duty V-twin pump. Large cooling fins and an oversized intercooler keep it running at full load in hot shop floors. A star-delta starter protects the 7.5 kW motor and the electrical supply. Mount it on its feet or bolt it to the floor with the anti-vibration pads supplied.",
        price: 135000,
        art: "recip-v",
        colors: STEEL,
        features: [
          ["Compression", "Two-stage, heavy-duty V-twin"],
          ["Cooling", "Oversized finned intercooler"],
          ["Mounting", "Fixed feet with anti-vibration pads"],
          ["Starter", "Star-delta with overload relay"],
        ],
        specs: [
          ["Free air delivery", "35 CFM"],
          ["Working pressure", "12 bar"],
          ["Motor", "7.5 kW / 10 HP, three phase"],
          ["Tank capacity", "300 litres"],
          ["Noise level", "81 dB(A)"],
          ["Weight", "330 kg"],
          ["Dimensions (L × W × H)", "1750 × 650 × 1250 mm"],
        ],
      },
      {
        name: "PN-RT 15 Tank-Mounted Heavy-Duty Compressor",
        figures: {
          compressorType: "reciprocating",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "52 CFM",
          maxPressure: "12 bar",
          motorPower: "11 kW",
          noiseLevel: "83",
          weight: "520 kg",
          tankVolume: "500 l",
        },
        subcategory: "Tank-Mounted",
        short: "A 15 HP two-stage compressor on a 500 litre base-mounted receiver for large workshops.",
        full: "The PN-RT 15 is our largest piston compressor: a two-stage pump and an 11 kW motor on a 500 litre receiver with fixed feet. It delivers 52 CFM at 12 bar, enough for a foundry fettling shop or a bus depot. The tank is hydro-tested and supplied with its test certificate. An auto drain and a low-oil cut-out are standard.",
        price: 210000,
        art: "recip-tank",
        colors: TEAL,
        extra: ["mirror"],
        features: [
          ["Compression", "Two-stage, heavy-duty V-twin"],
          ["Receiver", "500 litres, hydro-tested, certified"],
          ["Protection", "Low-oil cut-out and thermal overload"],
          ["Drain", "Electronic timer drain"],
        ],
        specs: [
          ["Free air delivery", "52 CFM"],
          ["Working pressure", "12 bar"],
          ["Motor", "11 kW / 15 HP, three phase"],
          ["Tank capacity", "500 litres"],
          ["Noise level", "83 dB(A)"],
          ["Weight", "520 kg"],
          ["Dimensions (L × W × H)", "2100 × 760 × 1500 mm"],
        ],
      },
    ],
  },
  {
    name: "Rotary Screw Compressors",
    hsn: "841480",
    description:
      "Oil-injected screw compressors in sound-proofed cabinets, built for round-the-clock production. Choose fixed speed for steady demand or variable speed drive to cut power bills when demand varies.",
    features: [
      ["Continuous duty", "Rated for 100% load, 24 hours a day."],
      ["IE3 motors", "Premium-efficiency motors on every model."],
      ["Smart controller", "Touch display with service reminders and remote alarms."],
      ["Quiet cabinet", "Acoustic panels let it sit close to the point of use."],
      ["VSD savings", "Variable speed models save up to 35% energy on varying demand."],
    ],
    subcategories: ["Fixed Speed", "Variable Speed Drive"],
    art: ["screw", "screw-vsd"],
    colors: { ...NAVY, tint: PALETTE.navy },
    products: [
      {
        name: "PN-RS 15 Rotary Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "60 CFM",
          maxPressure: "7.5 bar",
          motorPower: "11 kW",
          noiseLevel: "67",
          weight: "310 kg",
        },
        subcategory: "Fixed Speed",
        short: "An 11 kW fixed-speed screw compressor delivering 60 CFM in a quiet, compact cabinet.",
        full: "The PN-RS 15 brings screw compressor reliability to smaller plants. A direct-coupled airend and an IE3 motor deliver 60 CFM at 7.5 bar with a sound level of just 67 dB(A). The controller shows pressure, temperature and service hours, and warns before filters or oil are due. Every panel opens without tools for quick maintenance.",
        price: 425000,
        art: "screw",
        colors: BLUE,
        extra: ["panel"],
        features: [
          ["Airend", "Oil-injected twin screw, direct drive"],
          ["Controller", "Colour display with service reminders"],
          ["Cooling", "Air-cooled aftercooler"],
          ["Options", "8, 10 or 13 bar versions"],
        ],
        specs: [
          ["Free air delivery", "60 CFM"],
          ["Working pressure", "7.5 bar"],
          ["Motor", "11 kW / 15 HP, IE3"],
          ["Noise level", "67 dB(A)"],
          ["Weight", "310 kg"],
          ["Dimensions (L × W × H)", "1080 × 760 × 1050 mm"],
        ],
      },
      {
        name: "PN-RS 37 Rotary Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "215 CFM",
          maxPressure: "7.5 bar",
          motorPower: "37 kW",
          noiseLevel: "70",
          weight: "870 kg",
        },
        subcategory: "Fixed Speed",
        short: "A 37 kW screw compressor delivering 215 CFM for medium-sized production plants.",
        full: "The PN-RS 37 is sized for spinning mills, packaging lines and auto component plants. Its large, slow-running airend delivers 215 CFM at 7.5 bar with low specific power. An integrated aftercooler and moisture separator deliver cooler, drier air to your dryer. Remote start, stop and alarm contacts connect it to your plant control room.",
        price: 1150000,
        art: "screw",
        colors: NAVY,
        features: [
          ["Airend", "Large-rotor, low-speed twin screw"],
          ["Separation", "Built-in aftercooler and water separator"],
          ["Connectivity", "Remote start, stop and alarm contacts"],
          ["Cabinet", "Acoustic panels, tool-free access"],
        ],
        specs: [
          ["Free air delivery", "215 CFM"],
          ["Working pressure", "7.5 bar"],
          ["Motor", "37 kW / 50 HP, IE3"],
          ["Noise level", "70 dB(A)"],
          ["Weight", "870 kg"],
          ["Dimensions (L × W × H)", "1650 × 1000 × 1550 mm"],
        ],
      },
      {
        name: "PN-RV 22 Variable Speed Drive Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "variable-speed",
          cooling: "air",
          freeAirDelivery: "35-128 CFM",
          maxPressure: "7 bar",
          motorPower: "22 kW",
          noiseLevel: "66",
          weight: "520 kg",
        },
        subcategory: "Variable Speed Drive",
        short: "A 22 kW VSD screw compressor that follows your demand from 35 to 128 CFM.",
        full: "The PN-RV 22 changes its motor speed to match the air your plant uses, so it never runs unloaded. Plants with varying demand typically save 25 to 35 percent of their compressor power bill. Pressure stays within 0.1 bar of the set point, which protects sensitive machines. The soft start also removes the current peak of a star-delta starter.",
        price: 780000,
        art: "screw-vsd",
        colors: BLUE,
        extra: ["panel", "mirror"],
        features: [
          ["Drive", "Variable speed inverter, soft start"],
          ["Energy saving", "Up to 35% on varying demand"],
          ["Pressure band", "Set point ± 0.1 bar"],
          ["Controller", "Touch display with energy report"],
        ],
        specs: [
          ["Free air delivery", "35 – 128 CFM"],
          ["Working pressure", "7 bar"],
          ["Motor", "22 kW / 30 HP, IE3, inverter duty"],
          ["Noise level", "66 dB(A)"],
          ["Weight", "520 kg"],
          ["Dimensions (L × W × H)", "1300 × 850 × 1300 mm"],
        ],
        featured: true,
      },
      {
        name: "PN-RV 75 Variable Speed Drive Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "variable-speed",
          cooling: "air",
          freeAirDelivery: "95-440 CFM",
          maxPressure: "7 bar",
          motorPower: "75 kW",
          noiseLevel: "72",
          weight: "1850 kg",
        },
        subcategory: "Variable Speed Drive",
        short: "Our largest VSD screw compressor, covering 95 to 440 CFM for central compressor rooms.",
        full: "The PN-RV 75 is built for central compressor houses that feed a whole plant. Its 75 kW inverter-duty motor and large airend follow demand from 95 to 440 CFM. A water-cooled version and heat-recovery kit are available for plants that can use the hot water. Every unit is configured to order, so please ask us for a quotation.",
        price: null,
        art: "screw-vsd",
        colors: STEEL,
        features: [
          ["Drive", "Variable speed inverter, soft start"],
          ["Cooling", "Air-cooled; water-cooled on request"],
          ["Heat recovery", "Optional hot-water kit"],
          ["Sequencing", "Runs with up to 4 other compressors"],
        ],
        specs: [
          ["Free air delivery", "95 – 440 CFM"],
          ["Working pressure", "7 bar"],
          ["Motor", "75 kW / 100 HP, IE3, inverter duty"],
          ["Noise level", "72 dB(A)"],
          ["Weight", "1,850 kg"],
          ["Dimensions (L × W × H)", "2300 × 1250 × 1900 mm"],
        ],
      },
    ],
  },
  {
    name: "Oil-Free Compressors",
    hsn: "841480",
    description:
      "Compressors that put no oil into the air, for food, pharma, hospitals, dental clinics and electronics. Quiet scroll models suit small users and oil-free screw models supply whole plants.",
    features: [
      ["Class 0 air", "Certified oil-free air to ISO 8573-1 Class 0."],
      ["Very quiet", "From 62 dB(A), quiet enough for clinics and labs."],
      ["No oil changes", "No oil to buy, change or dispose of."],
    ],
    subcategories: ["Scroll", "Oil-Free Screw"],
    art: ["scroll", "oilfree-screw"],
    colors: { ...WHITE, tint: PALETTE.teal },
    products: [
      {
        name: "PN-OS 5 Oil-Free Scroll Compressor",
        figures: {
          compressorType: "scroll",
          lubrication: "oil-free",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "14 CFM",
          maxPressure: "8 bar",
          motorPower: "3.7 kW",
          noiseLevel: "62",
          weight: "175 kg",
        },
        subcategory: "Scroll",
        short: "A whisper-quiet 5 HP oil-free scroll compressor for clinics, labs and food lines.",
        full: "The PN-OS 5 compresses air between two spiral scrolls with no oil anywhere in the air path. At 62 dB(A) it is quiet enough to sit in a dental clinic or a laboratory. It delivers 14 CFM at 8 bar of Class 0 air, with a built-in aftercooler and dryer option. Few moving parts mean very little maintenance.",
        price: 320000,
        art: "scroll",
        colors: WHITE,
        extra: ["mirror"],
        features: [
          ["Compression", "Oil-free scroll element"],
          ["Air quality", "ISO 8573-1 Class 0"],
          ["Cooling", "Integrated aftercooler"],
          ["Options", "Built-in refrigerated dryer"],
        ],
        specs: [
          ["Free air delivery", "14 CFM"],
          ["Working pressure", "8 bar"],
          ["Motor", "3.7 kW / 5 HP"],
          ["Noise level", "62 dB(A)"],
          ["Weight", "175 kg"],
          ["Dimensions (L × W × H)", "850 × 650 × 1000 mm"],
        ],
        featured: true,
      },
      {
        name: "PN-OS 10 Twin-Scroll Oil-Free Compressor",
        figures: {
          compressorType: "scroll",
          lubrication: "oil-free",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "28 CFM",
          maxPressure: "8 bar",
          motorPower: "7.4 kW",
          noiseLevel: "64",
          weight: "285 kg",
        },
        subcategory: "Scroll",
        short: "Two scroll elements in one cabinet, delivering 28 CFM of oil-free air.",
        full: "The PN-OS 10 houses two scroll elements that start and stop in turn to match demand. Running one element at light load saves energy and shares the wear evenly. It delivers 28 CFM at 8 bar and stays below 64 dB(A). If one element needs service, the other keeps your line running.",
        price: 540000,
        art: "scroll",
        colors: TEAL,
        features: [
          ["Compression", "Two oil-free scroll elements"],
          ["Control", "Automatic duty sharing"],
          ["Air quality", "ISO 8573-1 Class 0"],
          ["Redundancy", "Keeps running on one element"],
        ],
        specs: [
          ["Free air delivery", "28 CFM"],
          ["Working pressure", "8 bar"],
          ["Motor", "2 × 3.7 kW / 10 HP total"],
          ["Noise level", "64 dB(A)"],
          ["Weight", "285 kg"],
          ["Dimensions (L × W × H)", "1100 × 750 × 1250 mm"],
        ],
      },
      {
        name: "PN-OF 55 Oil-Free Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "oil-free",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "300 CFM",
          maxPressure: "8 bar",
          motorPower: "55 kW",
          noiseLevel: "72",
          weight: "2350 kg",
        },
        subcategory: "Oil-Free Screw",
        short: "A 55 kW two-stage oil-free screw compressor for pharma and food plants.",
        full: "The PN-OF 55 supplies 300 CFM of Class 0 air for plants where even a trace of oil is not acceptable. Two coated screw elements with an intercooler reach 8 bar efficiently. Stainless steel cooler tubes and a water-cooled option suit hot, dusty sites. Each unit is built to order with your choice of dryer and controls.",
        price: null,
        art: "oilfree-screw",
        colors: WHITE,
        extra: ["panel"],
        features: [
          ["Compression", "Two-stage oil-free screw"],
          ["Air quality", "ISO 8573-1 Class 0"],
          ["Coolers", "Stainless steel tubes"],
          ["Cooling", "Air-cooled; water-cooled on request"],
        ],
        specs: [
          ["Free air delivery", "300 CFM"],
          ["Working pressure", "8 bar"],
          ["Motor", "55 kW / 75 HP, IE3"],
          ["Noise level", "72 dB(A)"],
          ["Weight", "2,350 kg"],
          ["Dimensions (L × W × H)", "2600 × 1300 × 1950 mm"],
        ],
      },
    ],
  },
  {
    name: "Portable & Diesel Compressors",
    hsn: "841480",
    description:
      "Towable compressors for construction, quarries, borewells and plant shutdowns. Diesel models work far from the grid and electric models suit sites with power.",
    features: [
      ["Tough canopy", "Powder-coated steel canopy with lockable doors."],
      ["Fuel efficient", "Engines tuned for low consumption at part load."],
      ["Road-towable", "Single-axle trailer with jockey wheel and tow eye."],
      ["Site ready", "Lifting eye, spill-proof base and service points at one side."],
    ],
    subcategories: ["Diesel Portable", "Electric Portable"],
    art: ["portable-electric", "portable-diesel"],
    colors: { ...ORANGE, tint: PALETTE.orange },
    products: [
      {
        name: "PN-PD 185 Diesel Portable Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "fixed-speed",
          freeAirDelivery: "185 CFM",
          maxPressure: "7 bar",
          motorPower: "37 kW",
          noiseLevel: "76",
          weight: "1150 kg",
        },
        subcategory: "Diesel Portable",
        short: "A towable 185 CFM diesel compressor for breakers, drills and sandblasting.",
        full: "The PN-PD 185 is the standard site compressor for contractors: 185 CFM at 7 bar from a water-cooled diesel engine. Its 90 litre fuel tank lasts a full working day. The canopy opens wide on both sides for daily checks, and the spill-proof base keeps oil off the ground. It tows behind a pickup and is ready to work minutes after arriving on site.",
        price: 975000,
        art: "portable-diesel",
        colors: ORANGE,
        extra: ["mirror"],
        features: [
          ["Engine", "Three-cylinder water-cooled diesel"],
          ["Fuel tank", "90 litres, a full day's running"],
          ["Chassis", "Single axle with tow eye"],
          ["Base", "Spill-proof frame"],
        ],
        specs: [
          ["Free air delivery", "185 CFM"],
          ["Working pressure", "7 bar"],
          ["Engine", "37 kW / 50 HP diesel"],
          ["Noise level", "76 dB(A)"],
          ["Weight", "1,150 kg"],
          ["Dimensions (L × W × H)", "3300 × 1600 × 1500 mm"],
        ],
      },
      {
        name: "PN-PD 450 High-Pressure Diesel Portable Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "fixed-speed",
          freeAirDelivery: "450 CFM",
          maxPressure: "10.3 bar",
          motorPower: "104 kW",
          noiseLevel: "78",
          weight: "2300 kg",
        },
        subcategory: "Diesel Portable",
        short: "A 450 CFM, 10.3 bar diesel compressor for borewell drilling and large breakers.",
        full: "The PN-PD 450 gives drilling rigs and quarry crews the pressure and volume they need. A six-cylinder diesel engine drives a large screw element to deliver 450 CFM at 10.3 bar. A 220 litre fuel tank, heavy-duty air filters and an aftercooler suit dusty, hot sites. Configurations vary, so please contact us for a quotation.",
        price: null,
        art: "portable-diesel",
        colors: STEEL,
        extra: ["mirror"],
        features: [
          ["Engine", "Six-cylinder turbo diesel"],
          ["Fuel tank", "220 litres"],
          ["Air filters", "Two-stage heavy-duty filtration"],
          ["Aftercooler", "Cooler air for rock tools"],
        ],
        specs: [
          ["Free air delivery", "450 CFM"],
          ["Working pressure", "10.3 bar"],
          ["Engine", "104 kW / 140 HP diesel"],
          ["Noise level", "78 dB(A)"],
          ["Weight", "2,300 kg"],
          ["Dimensions (L × W × H)", "4100 × 1900 × 2000 mm"],
        ],
      },
      {
        name: "PN-PE 100 Electric Portable Screw Compressor",
        figures: {
          compressorType: "rotary-screw",
          lubrication: "lubricated",
          drive: "fixed-speed",
          cooling: "air",
          freeAirDelivery: "100 CFM",
          maxPressure: "7 bar",
          motorPower: "18.5 kW",
          noiseLevel: "72",
          weight: "780 kg",
        },
        subcategory: "Electric Portable",
        short: "A 100 CFM electric screw compressor on wheels, for plant shutdowns and shipyards.",
        full: "The PN-PE 100 gives you screw compressor air wherever you have a three-phase supply, with no fuel or exhaust. It is ideal for maintenance shutdowns, shipyards and indoor sites. A cable reel and plug-in panel make setup quick. The canopy and trailer match our diesel range, so your crews already know how to handle it.",
        price: 560000,
        art: "portable-electric",
        colors: GREEN,
        features: [
          ["Power", "Three-phase electric, no exhaust"],
          ["Cable", "Built-in cable reel"],
          ["Chassis", "Single axle with tow eye"],
          ["Canopy", "Steel, lockable, sound-insulated"],
        ],
        specs: [
          ["Free air delivery", "100 CFM"],
          ["Working pressure", "7 bar"],
          ["Motor", "18.5 kW / 25 HP, three phase"],
          ["Noise level", "72 dB(A)"],
          ["Weight", "780 kg"],
          ["Dimensions (L × W × H)", "2600 × 1400 × 1350 mm"],
        ],
      },
    ],
  },
  {
    name: "Air Dryers",
    hsn: "842139",
    description:
      "Dryers that take the water out of compressed air before it reaches your tools and products. Refrigerated dryers suit general industry and desiccant dryers reach dew points as low as −40 °C.",
    features: [
      ["Stable dew point", "Dry air in every season, including the monsoon."],
      ["Low pressure drop", "Large heat exchangers and valves save compressor power."],
      ["Energy saving", "Cycling and purge control at part load."],
    ],
    subcategories: ["Refrigerated", "Desiccant"],
    art: ["dryer-desiccant", "dryer-refrigerated"],
    colors: { ...TEAL, tint: PALETTE.teal },
    products: [
      {
        name: "PN-RD 100 Refrigerated Air Dryer",
        figures: { cooling: "air", freeAirDelivery: "100 CFM", maxPressure: "16 bar", motorPower: "0.6 kW", weight: "52 kg" },
        subcategory: "Refrigerated",
        short: "A 100 CFM refrigerated dryer that delivers air at a +3 °C pressure dew point.",
        full: "The PN-RD 100 cools compressed air to condense and drain out the water before it reaches your lines. It suits compressors up to 22 kW and works reliably at ambient temperatures up to 45 °C. A dew point display and an electronic drain come fitted. Its compact cabinet fits beside the compressor.",
        price: 95000,
        art: "dryer-refrigerated",
        colors: TEAL,
        extra: ["gauge"],
        features: [
          ["Heat exchanger", "Aluminium plate-fin, low pressure drop"],
          ["Drain", "Electronic zero-loss drain"],
          ["Display", "Dew point indicator"],
          ["Ambient", "Up to 45 °C"],
        ],
        specs: [
          ["Rated flow", "100 CFM"],
          ["Pressure dew point", "+3 °C"],
          ["Maximum pressure", "16 bar"],
          ["Power", "0.6 kW, single phase"],
          ["Refrigerant", "R134a"],
          ["Weight", "52 kg"],
          ["Dimensions (L × W × H)", "650 × 450 × 780 mm"],
        ],
      },
      {
        name: "PN-RD 350 Refrigerated Air Dryer",
        figures: { cooling: "air", freeAirDelivery: "350 CFM", maxPressure: "16 bar", motorPower: "1.9 kW", weight: "135 kg" },
        subcategory: "Refrigerated",
        short: "A 350 CFM refrigerated dryer for medium-sized compressor rooms.",
        full: "The PN-RD 350 pairs with compressors up to 75 kW. Its scroll refrigeration compressor cycles down at light load to save power. Air leaves at a +3 °C pressure dew point with a pressure drop below 0.2 bar. Alarms for high dew point and drain faults connect to your plant system.",
        price: 240000,
        art: "dryer-refrigerated",
        colors: NAVY,
        features: [
          ["Refrigeration", "Scroll refrigeration compressor"],
          ["Energy saving", "Cycling control at part load"],
          ["Alarms", "High dew point and drain fault"],
          ["Drain", "Electronic zero-loss drain"],
        ],
        specs: [
          ["Rated flow", "350 CFM"],
          ["Pressure dew point", "+3 °C"],
          ["Maximum pressure", "16 bar"],
          ["Power", "1.9 kW, three phase"],
          ["Refrigerant", "R410A"],
          ["Weight", "135 kg"],
          ["Dimensions (L × W × H)", "900 × 700 × 1100 mm"],
        ],
      },
      {
        name: "PN-DD 200 Heatless Desiccant Air Dryer",
        figures: { freeAirDelivery: "200 CFM", maxPressure: "16 bar", motorPower: "0.1 kW", weight: "310 kg" },
        subcategory: "Desiccant",
        short: "A twin-tower desiccant dryer delivering 200 CFM at a −40 °C pressure dew point.",
        full: "The PN-DD 200 dries air by passing it through one tower of activated alumina while the other tower regenerates. It reaches a −40 °C pressure dew point for pharma, paint shops and instrument air. Dew point dependent switching cuts purge air when demand is low. Pre- and after-filters are supplied with every dryer.",
        price: 360000,
        art: "dryer-desiccant",
        colors: BLUE,
        features: [
          ["Desiccant", "Activated alumina, twin tower"],
          ["Regeneration", "Heatless, pressure swing"],
          ["Energy saving", "Dew point dependent switching"],
          ["Filters", "Pre- and after-filters included"],
        ],
        specs: [
          ["Rated flow", "200 CFM"],
          ["Pressure dew point", "−40 °C"],
          ["Working pressure", "4 – 16 bar"],
          ["Power", "0.1 kW controller, 230 V"],
          ["Weight", "310 kg"],
          ["Dimensions (L × W × H)", "1050 × 700 × 1850 mm"],
        ],
      },
    ],
  },
  {
    name: "Air Treatment & Accessories",
    hsn: "842139",
    description:
      "Filters, air receivers and condensate drains that complete a compressed air system. Matched to your compressor so your air stays clean, dry and steady.",
    features: [
      ["Matched to your flow", "Sized with your compressor and dryer, not from a catalogue table."],
      ["Certified vessels", "Air receivers hydro-tested and supplied with certificates."],
      ["Zero-loss drains", "Drain water without wasting compressed air."],
    ],
    subcategories: ["Filters", "Receivers", "Drains"],
    art: ["receiver", "filters"],
    colors: { ...NAVY, tint: PALETTE.navy },
    products: [
      {
        name: "PN-LF 3 Three-Stage Line Filter Set",
        figures: { freeAirDelivery: "150 CFM", maxPressure: "16 bar", weight: "9 kg" },
        subcategory: "Filters",
        short: "General, fine and activated carbon filters in one pre-assembled set for 150 CFM.",
        full: "The PN-LF 3 removes dust, water droplets, oil aerosols and oil vapour in three stages. Each housing has a differential pressure gauge that shows when its element needs changing. The set comes pre-assembled on a wall bracket with 1 inch connections. Replacement elements are in stock at Salem.",
        price: 28500,
        art: "filters",
        colors: NAVY,
        features: [
          ["Stages", "1 µm, 0.01 µm and activated carbon"],
          ["Indicators", "Differential pressure gauge on each housing"],
          ["Drains", "Automatic float drains"],
          ["Mounting", "Pre-assembled on a wall bracket"],
        ],
        specs: [
          ["Rated flow", "150 CFM"],
          ["Maximum pressure", "16 bar"],
          ["Residual oil", "0.003 mg/m³"],
          ["Connection", "1 inch BSP"],
          ["Weight", "9 kg"],
          ["Dimensions (L × W × H)", "520 × 130 × 420 mm"],
        ],
      },
      {
        name: "PN-AR 1000 Vertical Air Receiver",
        figures: { maxPressure: "10 bar", tankVolume: "1000 l", weight: "310 kg" },
        subcategory: "Receivers",
        short: "A 1,000 litre vertical air receiver, hydro-tested and certified for 11 bar.",
        full: "An air receiver stores compressed air to cover demand peaks and lets the compressor run in longer, more efficient cycles. The PN-AR 1000 is welded from boiler-quality steel and hydro-tested at 1.5 times its design pressure. It comes with a safety valve, pressure gauge, drain valve and inspection opening. Test certificates are supplied with every vessel.",
        price: 78000,
        art: "receiver",
        colors: BLUE,
        extra: ["gauge"],
        features: [
          ["Construction", "Boiler-quality steel, fully welded"],
          ["Testing", "Hydro-tested, certificate supplied"],
          ["Fittings", "Safety valve, gauge and drain valve"],
          ["Access", "Inspection opening"],
        ],
        specs: [
          ["Capacity", "1,000 litres"],
          ["Design pressure", "11 bar"],
          ["Working pressure", "10 bar"],
          ["Connections", "2 inch BSP"],
          ["Weight", "310 kg"],
          ["Dimensions", "Ø 800 × 2350 mm"],
        ],
      },
      {
        name: "PN-ZD 30 Zero-Loss Electronic Drain",
        figures: { maxPressure: "16 bar", weight: "2.2 kg" },
        subcategory: "Drains",
        short: "A level-sensing drain that removes condensate without wasting compressed air.",
        full: "Timer drains open whether there is water or not, and every opening wastes compressed air. The PN-ZD 30 senses the water level and opens only when it needs to, closing before any air escapes. It suits compressors, dryers and receivers up to 300 CFM. Status lights and an alarm contact show when it needs attention.",
        price: 12500,
        art: "drain",
        colors: STEEL,
        features: [
          ["Sensing", "Capacitive level sensor"],
          ["Air loss", "None"],
          ["Status", "LED lights and alarm contact"],
          ["Service", "Replaceable service unit"],
        ],
        specs: [
          ["Compressor capacity", "Up to 300 CFM"],
          ["Maximum pressure", "16 bar"],
          ["Supply", "230 V AC, 50 Hz"],
          ["Inlet", "1/2 inch BSP"],
          ["Weight", "2.2 kg"],
          ["Dimensions (L × W × H)", "180 × 90 × 160 mm"],
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------
// Services, home page, about page

interface ServiceSeed {
  title: string;
  description: string;
  /** Split into bullet lines on full stops by the public page: no abbreviations or decimals here. */
  details: string;
  benefits: string[];
  art: ServiceArtKind;
  tint: string;
}

/** The HSN codes of the demo catalogue: the rate table's defaults cover each (tests/api/gst-rates.test.ts). */
export const demoHsnCodes = (): string[] => [...new Set(CATALOGUE.map((c) => c.hsn))];

const SERVICES: ServiceSeed[] = [
  {
    title: "Installation & Commissioning",
    description: "We plan, install and start up your compressed air system so it runs right from the first day.",
    details:
      "Site survey to choose the right location, ventilation and foundation. Sizing of pipework, receivers, dryers and filters for your demand. Installation by our own trained technicians. Pressure testing and leak checks of the complete system. Commissioning with a full performance report and operator training.",
    benefits: [
      "One team from survey to start-up",
      "Correctly sized pipework and accessories",
      "Operator training included",
      "Performance report on handover",
    ],
    art: "installation",
    tint: PALETTE.navy,
  },
  {
    title: "Preventive Maintenance (AMC)",
    description:
      "Annual maintenance contracts that keep your compressors running efficiently, with scheduled visits and priority support.",
    details:
      "Scheduled visits at intervals based on your running hours. Oil, filter and separator changes with genuine spares. Checks of pressure, temperature, vibration and electrical load at every visit. A service report with recommendations after each visit. Priority breakdown response for contract customers.",
    benefits: ["Fewer breakdowns", "Lower running costs", "Longer compressor life", "Priority response", "Fixed yearly budget"],
    art: "maintenance",
    tint: PALETTE.blue,
  },
  {
    title: "Breakdown Repair",
    description: "Fast on-site repair for compressors and dryers of every make, from our Salem service centre.",
    details:
      "Service engineers on call six days a week. Response within 24 hours across Tamil Nadu and neighbouring districts. Vans stocked with the most common spares. Airend, motor and controller repairs at our workshop when needed. Standby compressors available while yours is repaired.",
    benefits: ["Response within 24 hours", "All makes and models", "Standby compressors available"],
    art: "repair",
    tint: PALETTE.orange,
  },
  {
    title: "Compressed Air Audit & Energy Saving",
    description:
      "Measure what your compressed air really costs and find the savings, with a clear report and payback for every step.",
    details:
      "Data logging of power, pressure and flow over a full production week. Ultrasonic leak detection with every leak tagged and listed. Analysis of pressure settings, controls and pipework losses. A written report with savings and payback for each recommendation. Follow-up measurement after improvements to confirm the savings.",
    benefits: [
      "Typical savings of 20 to 35 percent",
      "Leaks found and tagged",
      "Clear payback for each step",
      "Independent of compressor make",
    ],
    art: "audit",
    tint: PALETTE.green,
  },
  {
    title: "Spare Parts & Overhaul",
    description: "Genuine spares from stock and complete overhauls of reciprocating pumps and screw airends.",
    details:
      "Filters, separators, oils, valves and belts in stock at Salem. Same-day dispatch on stocked parts across South India. Complete airend overhauls with new bearings and seals. Reciprocating pump rebuilds with new valves, rings and gaskets. Every overhaul is tested on our test bay before dispatch.",
    benefits: ["Same-day dispatch on stocked parts", "Genuine and tested spares", "Overhauls with warranty"],
    art: "parts",
    tint: PALETTE.navy,
  },
  {
    title: "Compressor Rental",
    description: "Diesel and electric compressors for hire by the day, week or month, delivered to your site.",
    details:
      "Portable diesel compressors from 185 to 450 CFM. Electric screw compressors for indoor and shutdown work. Delivery, setup and collection by our team. Service and breakdown cover included in the rental. Flexible terms for projects, shutdowns and emergencies.",
    benefits: [
      "Daily, weekly and monthly hire",
      "Delivery and setup included",
      "Service cover included",
      "Emergency hire available",
    ],
    art: "rental",
    tint: PALETTE.orange,
  },
];

const BANNERS = [
  {
    title: "Compressed air you can count on",
    description: "Reciprocating, screw and oil-free compressors, designed and built in Salem for factories across South India.",
  },
  {
    title: "Cut your power bill with VSD",
    description: "Variable speed screw compressors follow your demand and can save up to 35% of the energy they use.",
  },
  {
    title: "Service within 24 hours",
    description: "Trained engineers, genuine spares and maintenance contracts for compressors of every make.",
  },
];

const INDUSTRIAL = {
  title: "Built for Indian industry",
  description:
    "From spinning mills in Tiruppur and foundries in Coimbatore to food plants, pharma units and auto component makers, Pneuma compressors run in some of the toughest conditions in the country. We design for heat, dust and long shifts, and we back every machine with service from our own engineers.",
};

const STORY = {
  title: "Our Story",
  content:
    "Pneuma Air Systems began in 1998 as a small repair workshop in Salem, rebuilding compressors for the textile mills and engineering units of the Kongu region. Our founders saw how often factories lost production to badly sized or poorly maintained compressed air systems, and set out to build machines that were simpler to service and made for Indian conditions.\n\n" +
    "Today we design and build reciprocating, screw and oil-free compressors, dryers and air treatment equipment at our works in the SIDCO Industrial Estate, and support more than 4,000 installations across South India. We are still an engineering company at heart: every machine is tested before it leaves our works, and the people who build it are the people who service it.",
};

/** `product`: the name of the demo product the testimonial is about; with its stars, a review on that product's page. */
const TESTIMONIALS: {
  name: string;
  designation: string;
  feedback: string;
  star: number;
  product?: string;
  avatar: AvatarOptions;
}[] = [
  {
    name: "R. Saravanan",
    designation: "Plant Head, Velora Textiles, Tiruppur",
    feedback:
      "We replaced three old piston compressors with one Pneuma VSD screw compressor. Our compressor power bill fell by almost a third, and the pressure at the looms is steadier than it has ever been.",
    star: 5,
    product: "PN-RV 22 Variable Speed Drive Screw Compressor",
    avatar: { background: PALETTE.blue, skin: "#a86b3c", hair: "#1f1a17", hairStyle: "short", shirt: "#e8edf2", collar: "open" },
  },
  {
    name: "Meena Krishnan",
    designation: "Maintenance Manager, Trivana Castings, Coimbatore",
    feedback:
      "Foundry air is dusty and the shifts are long. The Pneuma team sized our system properly, and their AMC engineers always arrive on the day they promise.",
    star: 5,
    avatar: {
      background: PALETTE.orange,
      skin: "#c68642",
      hair: "#1f1a17",
      hairStyle: "long",
      shirt: PALETTE.navy,
      collar: "none",
    },
  },
  {
    name: "Abdul Kareem",
    designation: "Proprietor, Sevvai Auto Garage, Salem",
    feedback:
      "My PN-RC 5 has run six days a week for four years with only routine servicing. When a valve plate needed changing, the part was in stock the same afternoon.",
    star: 4,
    product: "PN-RC 5 Two-Stage Reciprocating Compressor",
    avatar: {
      background: PALETTE.teal,
      skin: "#8d5524",
      hair: "#8a8580",
      hairStyle: "short",
      shirt: "#6b7886",
      collar: "open",
      beard: true,
    },
  },
  {
    name: "Dr. Lakshmi Prabhu",
    designation: "Director, Nilavu Dental Care, Erode",
    feedback:
      "We needed clean, oil-free air and a machine quiet enough to sit near our treatment rooms. The scroll compressor does both, and the installation was finished in a single day.",
    star: 5,
    product: "PN-OS 5 Oil-Free Scroll Compressor",
    avatar: {
      background: PALETTE.green,
      skin: "#e0ac69",
      hair: "#1f1a17",
      hairStyle: "bun",
      shirt: "#f4f7fa",
      collar: "open",
      glasses: true,
    },
  },
  {
    name: "K. Senthil Kumar",
    designation: "Owner, Sri Murugan Body Works, Namakkal",
    feedback:
      "Two PN-RC 5 machines feed our spray booths and air tools. They start every morning without fuss, and the tank drains and oil changes take our own fitter ten minutes.",
    star: 5,
    product: "PN-RC 5 Two-Stage Reciprocating Compressor",
    avatar: {
      background: PALETTE.sky,
      skin: "#a86b3c",
      hair: "#1f1a17",
      hairStyle: "short",
      shirt: PALETTE.navy,
      collar: "open",
    },
  },
];

const FACILITIES: { title: string; description: string; features: string[]; art: WorkshopVariant }[] = [
  {
    title: "Assembly Hall",
    description:
      "Our 4,500 square metre hall in Salem where every compressor is assembled, wired and inspected by our own technicians.",
    features: [
      "10-tonne overhead crane",
      "Separate lines for piston and screw machines",
      "Clean-room bay for oil-free models",
      "Quality checks at every station",
    ],
    art: "assembly",
  },
  {
    title: "Test Bay",
    description: "Every machine runs on our test bay before dispatch, with its performance recorded on a test certificate.",
    features: [
      "Flow measurement to ISO 1217",
      "Noise and vibration checks",
      "Full-load heat run",
      "Test certificate with every machine",
    ],
    art: "testing",
  },
  {
    title: "Spares Warehouse",
    description: "More than 6,000 part numbers in stock, so repairs wait hours instead of weeks.",
    features: ["Filters, oils, valves and separators", "Same-day dispatch", "Barcode stock control", "Kits for every AMC visit"],
    art: "stores",
  },
  {
    title: "Mobile Service Fleet",
    description: "Fully equipped service vans based in Salem, Coimbatore and Tiruppur for on-site maintenance and repairs.",
    features: [
      "Response within 24 hours",
      "Vans stocked with common spares",
      "Leak detection and data logging kits",
      "Trained, certified engineers",
    ],
    art: "service",
  },
];

const TEAM: { name: string; position: string; description: string; avatar: AvatarOptions }[] = [
  {
    name: "Arun Venkatesan",
    position: "Managing Director",
    description: "A mechanical engineer who has led Pneuma for twenty years, from repair workshop to manufacturer.",
    avatar: {
      background: PALETTE.navy,
      skin: "#a86b3c",
      hair: "#6f6a66",
      hairStyle: "side",
      shirt: "#f4f7fa",
      collar: "tie",
      glasses: true,
    },
  },
  {
    name: "Kavitha Ramasamy",
    position: "Head of Engineering",
    description: "Leads the design of our screw and oil-free ranges and the test bay.",
    avatar: { background: PALETTE.teal, skin: "#c68642", hair: "#1f1a17", hairStyle: "bun", shirt: PALETTE.navy, collar: "open" },
  },
  {
    name: "Senthil Palanisamy",
    position: "Service Manager",
    description: "Runs our service centres and the team of field engineers across Tamil Nadu.",
    avatar: {
      background: PALETTE.orange,
      skin: "#8d5524",
      hair: "#1f1a17",
      hairStyle: "short",
      shirt: "#4a5560",
      collar: "open",
      beard: true,
    },
  },
  {
    name: "Divya Natarajan",
    position: "Sales & Customer Relations",
    description: "Helps customers choose the right system and looks after them long after the sale.",
    avatar: {
      background: PALETTE.blue,
      skin: "#e0ac69",
      hair: "#2a211c",
      hairStyle: "long",
      shirt: PALETTE.orange,
      collar: "none",
    },
  },
];

const CORE_VALUES = [
  {
    title: "Innovation",
    description: "We keep improving our machines and our service, from energy-saving drives to smarter maintenance.",
    icon: "lightbulb",
  },
  {
    title: "Quality",
    description: "Every compressor is tested before it leaves our works, and we stand behind it for its whole life.",
    icon: "shield-check",
  },
  {
    title: "Customer Focus",
    description: "We listen first, size honestly and answer quickly when our customers need us.",
    icon: "users",
  },
];

// ---------------------------------------------------------------------------------------------------
// Pictures

/** How many pictures are rendered and stored at once (sharp runs each on one thread). */
const RENDER_CONCURRENCY = 1;
/**
 * The demo pictures' WebP effort. They are flat-colour drawings: effort 2 encodes them in about half the time
 * of the uploads' 4 for some 8% more bytes, which shortens every first start (a newcomer's `npm start`, and
 * the test runs that start from nothing) by several seconds of a core. Quality is the same.
 */
const DEMO_PICTURE_EFFORT = 2;

/** Collects SVG drawings; each call returns the index its stored URL will have. */
class Pictures {
  readonly svgs: string[] = [];
  add(svg: string): number {
    return this.svgs.push(svg) - 1;
  }
}

async function renderAndStore(images: ImageStore, svgs: string[]): Promise<string[]> {
  const urls: string[] = new Array<string>(svgs.length).fill("");
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < svgs.length) {
      const i = next++;
      try {
        // Fast PNG compression: the bytes only live for a moment before the store re-encodes them.
        const png = await sharp(Buffer.from(svgs[i] ?? ""))
          .png({ compressionLevel: 1 })
          .toBuffer();
        urls[i] = await images.store(png, { effort: DEMO_PICTURE_EFFORT });
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  if (failed !== null) {
    await removeAll(images, urls);
    throw failed;
  }
  return urls;
}

async function removeAll(images: ImageStore, urls: string[]): Promise<void> {
  await Promise.all(urls.filter((u) => u !== "").map((u) => images.remove(u).catch(() => {})));
}

/** Additional product pictures sit on a neutral grey backdrop, so they read as a second view. */
function extraView(view: ExtraView, art: MachineKind, colors: Colors, seed: number): string {
  const options = { body: colors.body, accent: colors.accent, tint: PALETTE.steelDark, seed };
  return view === "mirror" ? productIllustration(art, { ...options, mirror: true }) : detailIllustration(view, options);
}

// ---------------------------------------------------------------------------------------------------
// Seeding

/**
 * Inserts the demo content. Pictures are stored first; if anything fails, the stored files are removed
 * again and nothing is left in the database.
 */
/** The contact page's questions (#faq); the header's FAQ link leads to them. */
const FAQ: { question: string; answer: string }[] = [
  {
    question: "How do I get a quote?",
    answer:
      "Send us the form above or call our sales team. Tell us the air flow (CFM) and pressure you need, your application and your location; we usually reply with a quotation within one working day. For a new plant, our engineers can visit and size the system with you.",
  },
  {
    question: "Which areas do you serve?",
    answer:
      "Our service centre is in Salem, and our engineers cover all of Tamil Nadu and the neighbouring districts of Kerala, Karnataka, Andhra Pradesh and Puducherry. We deliver compressors and spares anywhere in India.",
  },
  {
    question: "What does an annual maintenance contract (AMC) include?",
    answer:
      "Scheduled visits based on your running hours, oil, filter and separator changes with genuine spares, checks of pressure, temperature, vibration and electrical load, a report after every visit, and priority breakdown response.",
  },
  {
    question: "Do you supply spare parts for other makes?",
    answer:
      "Yes. We stock filters, separators, oils, valves and belts for most common makes in Salem, with same-day dispatch on stocked parts across South India, and we overhaul airends and reciprocating pumps at our workshop.",
  },
  {
    question: "How long does delivery take?",
    answer:
      "Standard models in stock are dispatched within a week. Custom-built packages, dryers and large screw compressors usually take three to six weeks; we confirm the date with your quotation.",
  },
];

/** The demo pictures' alt texts: what each drawing shows (issue 31). */
const ALT = {
  banner: "Drawing of a compressor plant room: screw compressors, an air receiver and overhead pipework",
  industrial: "Drawing of compressors being assembled on the Pneuma workshop floor",
  story: "Drawing of a factory compressor room with an air receiver beside the machines",
  facility: (title: string) => `Drawing of the ${title.toLowerCase()} at the Pneuma works`,
  portrait: (name: string) => `Illustrated portrait of ${name}`,
  service: (title: string) => `Illustration for ${title.toLowerCase()}`,
  category: (name: string) => `Drawing of ${name.toLowerCase()} from the Pneuma range`,
  product: (name: string) => `Drawing of the ${name}, front view`,
  productView: (name: string, view: ExtraView) =>
    view === "mirror"
      ? `The ${name} seen from the other side`
      : `Close-up of the ${name}'s ${view === "panel" ? "control panel" : "pressure gauge"}`,
};

export async function seedDemoContent(db: Database, images: ImageStore): Promise<void> {
  const settings = siteSettingsSchema.parse(SETTINGS);
  const pics = new Pictures();

  const bannerPics = BANNERS.map((_, i) =>
    pics.add(plantScene({ width: 1600, height: 900, variant: ([0, 1, 2] as const)[i % 3] ?? 0, shadeLeft: true })),
  );
  const industrialPic = pics.add(workshopScene("assembly"));
  const storyPic = pics.add(plantScene({ width: 1200, height: 900, variant: 2 }));
  const testimonialPics = TESTIMONIALS.map((t) => pics.add(avatar(t.avatar)));
  const facilityPics = FACILITIES.map((f) => pics.add(workshopScene(f.art)));
  const teamPics = TEAM.map((m) => pics.add(avatar(m.avatar)));
  const servicePics = SERVICES.map((s) => pics.add(serviceIllustration(s.art, s.tint)));
  const categoryPics = CATALOGUE.map((c, i) => pics.add(categoryIllustration(c.art[0], c.art[1], { ...c.colors, seed: 20 + i })));
  let seed = 40;
  const productPics = CATALOGUE.map((c) =>
    c.products.map((p) => {
      seed += 1;
      const main = pics.add(productIllustration(p.art, { ...p.colors, tint: p.colors.tint ?? c.colors.tint, seed }));
      const extra = (p.extra ?? []).map((v) => pics.add(extraView(v, p.art, p.colors, seed)));
      return { main, extra };
    }),
  );

  const urls = await renderAndStore(images, pics.svgs);
  const url = (i: number): string => urls[i] ?? "";

  try {
    await db.transaction(async (tx) => {
      await tx.insert(siteSettings).values({ id: "site", data: settings }).onConflictDoNothing();

      await tx.insert(banners).values(
        BANNERS.map((b, i) => ({
          title: b.title,
          description: b.description,
          image: url(bannerPics[i] ?? -1),
          imageAlt: ALT.banner,
          position: i,
        })),
      );
      await tx.insert(industrials).values({ ...INDUSTRIAL, image: url(industrialPic), imageAlt: ALT.industrial, position: 0 });
      await tx.insert(stories).values({ ...STORY, image: url(storyPic), imageAlt: ALT.story, position: 0 });
      await tx.insert(facilities).values(
        FACILITIES.map((f, i) => ({
          title: f.title,
          description: f.description,
          features: f.features,
          image: url(facilityPics[i] ?? -1),
          imageAlt: ALT.facility(f.title),
          position: i,
        })),
      );
      await tx.insert(teamMembers).values(
        TEAM.map((m, i) => ({
          name: m.name,
          position: m.position,
          description: m.description,
          image: url(teamPics[i] ?? -1),
          imageAlt: ALT.portrait(m.name),
          sortOrder: i,
        })),
      );
      await tx.insert(coreValues).values(CORE_VALUES.map((v, i) => ({ ...v, position: i })));
      await tx.insert(faqs).values(FAQ.map((q, i) => ({ ...q, position: i })));
      await tx.insert(services).values(
        SERVICES.map((s, i) => ({
          slug: slugify(s.title),
          title: s.title,
          description: s.description,
          details: s.details,
          benefits: s.benefits,
          image: url(servicePics[i] ?? -1),
          imageAlt: ALT.service(s.title),
          position: i,
        })),
      );

      const categoryRows: (typeof categories.$inferInsert)[] = [];
      const subcategoryRows: (typeof subcategories.$inferInsert)[] = [];
      const productRows: (typeof products.$inferInsert)[] = [];
      let productPosition = 0;
      CATALOGUE.forEach((c, ci) => {
        const categoryId = newId();
        categoryRows.push({
          id: categoryId,
          slug: slugify(c.name),
          name: c.name,
          description: c.description,
          features: c.features.map(([name, description]) => ({ name, description })),
          image: url(categoryPics[ci] ?? -1),
          imageAlt: ALT.category(c.name),
          position: ci,
        });
        const subIds = new Map<string, string>();
        c.subcategories.forEach((name, si) => {
          const id = newId();
          subIds.set(name, id);
          subcategoryRows.push({ id, categoryId, name, position: si });
        });
        c.products.forEach((p, pi) => {
          const subcategoryId = subIds.get(p.subcategory);
          if (!subcategoryId) throw new Error(`Demo product ${p.name}: no subcategory ${p.subcategory} in ${c.name}`);
          const pic = productPics[ci]?.[pi];
          productRows.push({
            id: newId(),
            slug: slugify(p.name),
            categoryId,
            subcategoryId,
            name: p.name,
            shortDescription: p.short,
            fullDescription: p.full,
            price: p.price,
            hsn: c.hsn,
            mainImage: pic ? url(pic.main) : "",
            mainImageAlt: pic ? ALT.product(p.name) : "",
            additionalImages: pic ? pic.extra.map(url) : [],
            additionalImagesAlt: (p.extra ?? []).map((view) => ALT.productView(p.name, view)),
            additionalImagesDecorative: (p.extra ?? []).map(() => false),
            features: p.features.map(([featureName, featureValue]) => ({ featureName, featureValue })),
            specifications: p.specs.map(([specName, specValue]) => ({ specName, specValue })),
            featured: p.featured ?? false,
            ...keyFiguresToRow(demoFigures.parse(p.figures)),
            position: productPosition++,
          });
        });
      });
      await tx.insert(categories).values(categoryRows);
      await tx.insert(subcategories).values(subcategoryRows);
      await tx.insert(products).values(productRows);
      // After the products: a testimonial names the product it is about.
      const productIds = new Map(productRows.map((p) => [p.name, p.id]));
      await tx.insert(testimonials).values(
        TESTIMONIALS.map((t, i) => {
          const productId = t.product === undefined ? null : productIds.get(t.product);
          if (productId === undefined) throw new Error(`Demo testimonial by ${t.name}: no product ${t.product}`);
          return {
            name: t.name,
            designation: t.designation,
            feedback: t.feedback,
            star: t.star,
            productId,
            image: url(testimonialPics[i] ?? -1),
            imageAlt: ALT.portrait(t.name),
            position: i,
          };
        }),
      );
    });
  } catch (err) {
    await removeAll(images, urls);
    throw err;
  }
}
