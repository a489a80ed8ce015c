/**
 * Drawn demo images: pure functions returning SVG markup in a flat industrial style (deep blue, steel
 * greys, an orange accent). The seed renders them to PNG with sharp (librsvg), so they use only plain
 * shapes and gradients: no text, filters, CSS, fonts or external references.
 */

export const PALETTE = {
  navy: "#0b3a66",
  blue: "#1f5f99",
  sky: "#4f8fcf",
  orange: "#f08a24",
  teal: "#2a8c8c",
  green: "#3f8f5a",
  red: "#d2452f",
  steel: "#8a96a3",
  steelLight: "#c5ccd3",
  steelDark: "#4a5560",
  ink: "#1c2630",
  white: "#ffffff",
} as const;

// ---------------------------------------------------------------------------------------------------
// Small helpers

/** Rounds coordinates so the markup stays short. */
const n = (v: number): number => Math.round(v * 10) / 10;

function rgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}

/** Mixes colour `a` towards `b` by `t` (0 = a, 1 = b). */
function mix(a: string, b: string, t: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  const out = ca.map((v, i) => Math.round(v + ((cb[i] ?? v) - v) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
    .join("");
}

/** A linear gradient, vertical unless told otherwise (coordinates are fractions of the shape). */
function linear(id: string, list: Stop[], x2 = 0, y2 = 1, x1 = 0, y1 = 0): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

function radial(id: string, list: Stop[]): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${stops(list)}</radialGradient>`;
}

/** Horizontal shading that makes a flat rectangle read as a cylinder. */
function cylinderShade(id: string, c: string): string {
  return linear(
    id,
    [
      [0, darken(c, 0.3)],
      [0.3, lighten(c, 0.28)],
      [0.55, c],
      [1, darken(c, 0.38)],
    ],
    1,
    0,
  );
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

const poly = (points: [number, number][], fill: string, extra = "") =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = "") =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra ? ` ${extra}` : ""}/>`;

/** A filled circle path (for even-odd holes). */
const ringPath = (cx: number, cy: number, r: number) =>
  `M${n(cx + r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx - r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx + r)} ${n(cy)}Z`;

/** Deterministic pseudo-random numbers, so the same call always draws the same picture. */
function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------
// Reusable parts

/** A pressure gauge: white dial, coloured band, needle at `value` (0–1). */
function gauge(p: string, cx: number, cy: number, r: number, value = 0.62, rim: string = PALETTE.steelDark): string {
  const ticks: string[] = [];
  for (let i = 0; i <= 10; i++) {
    const a = ((-225 + i * 27) * Math.PI) / 180;
    const r1 = r * (i % 5 === 0 ? 0.62 : 0.7);
    ticks.push(
      line(
        cx + Math.cos(a) * r1,
        cy + Math.sin(a) * r1,
        cx + Math.cos(a) * r * 0.78,
        cy + Math.sin(a) * r * 0.78,
        PALETTE.ink,
        Math.max(1, r * 0.04),
      ),
    );
  }
  const arc = (from: number, to: number, color: string) => {
    const a1 = (from * Math.PI) / 180;
    const a2 = (to * Math.PI) / 180;
    const rr = r * 0.84;
    return `<path d="M${n(cx + Math.cos(a1) * rr)} ${n(cy + Math.sin(a1) * rr)}A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + Math.cos(a2) * rr)} ${n(cy + Math.sin(a2) * rr)}" fill="none" stroke="${color}" stroke-width="${n(r * 0.09)}"/>`;
  };
  const na = ((-225 + value * 270) * Math.PI) / 180;
  return [
    `<defs>${radial(`${p}-gface`, [
      [0, "#ffffff"],
      [0.85, "#f1f4f7"],
      [1, "#d9dfe5"],
    ])}</defs>`,
    circle(cx, cy, r, rim),
    circle(cx, cy, r * 0.9, `url(#${p}-gface)`),
    arc(-225, -90, PALETTE.green),
    arc(-90, -18, PALETTE.orange),
    arc(-18, 45, PALETTE.red),
    ticks.join(""),
    line(cx, cy, cx + Math.cos(na) * r * 0.72, cy + Math.sin(na) * r * 0.72, PALETTE.red, Math.max(2, r * 0.07)),
    circle(cx, cy, r * 0.12, PALETTE.ink),
  ].join("");
}

/** A gear centred on (cx, cy) with a hole in the middle. */
function gear(cx: number, cy: number, outer: number, teeth: number, fill: string, rotate = 0): string {
  const inner = outer * 0.8;
  const pts: string[] = [];
  const step = (Math.PI * 2) / teeth;
  const rot = (rotate * Math.PI) / 180;
  for (let i = 0; i < teeth; i++) {
    const a = i * step + rot;
    const seq: [number, number][] = [
      [a - step * 0.5, inner],
      [a - step * 0.22, inner],
      [a - step * 0.14, outer],
      [a + step * 0.14, outer],
      [a + step * 0.22, inner],
    ];
    for (const [ang, rad] of seq) pts.push(`${n(cx + Math.cos(ang) * rad)} ${n(cy + Math.sin(ang) * rad)}`);
  }
  return `<path d="M${pts.join("L")}Z${ringPath(cx, cy, outer * 0.32)}" fill="${fill}" fill-rule="evenodd"/>${circle(cx, cy, outer * 0.55, "none", `stroke="${darken(fill, 0.18)}" stroke-width="${n(outer * 0.06)}"`)}`;
}

/** An open-ended spanner, drawn along the angle `deg` from (x, y), `len` long. */
function wrench(x: number, y: number, deg: number, len: number, fill: string): string {
  const s = len / 300;
  const head = "M-17 62L-17 34C-50 22-56-30-32-56L-14-30L14-30L32-56C56-30 50 22 17 34L17 62Z";
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${deg}) scale(${n(s * 100) / 100})">
<path d="${head}" fill="${fill}"/>
${rect(-17, 50, 34, 230, fill, 17)}
<path d="${ringPath(0, 290, 36)}${ringPath(0, 290, 19)}" fill="${fill}" fill-rule="evenodd"/>
${rect(-7, 80, 14, 150, darken(fill, 0.15), 7)}
</g>`;
}

function checkBadge(cx: number, cy: number, r: number, fill: string = PALETTE.orange): string {
  return `${circle(cx, cy, r, fill)}${circle(cx, cy, r * 0.82, "none", `stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(r * 0.05)}"`)}<path d="M${n(cx - r * 0.42)} ${n(cy + r * 0.02)}L${n(cx - r * 0.12)} ${n(cy + r * 0.32)}L${n(cx + r * 0.45)} ${n(cy - r * 0.3)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.16)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** An Archimedean spiral (the emblem of a scroll compressor). */
function spiral(cx: number, cy: number, r: number, stroke: string, width: number): string {
  const pts: string[] = [];
  const turns = 2.6;
  for (let i = 0; i <= 120; i++) {
    const t = i / 120;
    const a = t * turns * Math.PI * 2;
    const rr = r * (0.08 + t * 0.92);
    pts.push(`${n(cx + Math.cos(a) * rr)} ${n(cy + Math.sin(a) * rr)}`);
  }
  return `<path d="M${pts.join("L")}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function drop(cx: number, cy: number, r: number, fill: string): string {
  return `<path d="M${n(cx)} ${n(cy - r * 1.35)}C${n(cx + r * 0.6)} ${n(cy - r * 0.6)} ${n(cx + r)} ${n(cy - r * 0.15)} ${n(cx + r)} ${n(cy + r * 0.3)}A${n(r)} ${n(r)} 0 0 1 ${n(cx - r)} ${n(cy + r * 0.3)}C${n(cx - r)} ${n(cy - r * 0.15)} ${n(cx - r * 0.6)} ${n(cy - r * 0.6)} ${n(cx)} ${n(cy - r * 1.35)}Z" fill="${fill}"/>`;
}

function snowflake(cx: number, cy: number, r: number, stroke: string, width: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (i * 60 * Math.PI) / 180;
    const ex = cx + Math.cos(a) * r;
    const ey = cy + Math.sin(a) * r;
    parts.push(line(cx, cy, ex, ey, stroke, width));
    const bx = cx + Math.cos(a) * r * 0.6;
    const by = cy + Math.sin(a) * r * 0.6;
    for (const side of [-1, 1]) {
      const b = a + (side * 45 * Math.PI) / 180;
      parts.push(line(bx, by, bx + Math.cos(b) * r * 0.3, by + Math.sin(b) * r * 0.3, stroke, width));
    }
  }
  return parts.join("");
}

function leaf(cx: number, cy: number, r: number, fill: string): string {
  return `<path d="M${n(cx - r)} ${n(cy + r)}C${n(cx - r)} ${n(cy - r * 0.4)} ${n(cx - r * 0.2)} ${n(cy - r)} ${n(cx + r)} ${n(cy - r)}C${n(cx + r)} ${n(cy + r * 0.2)} ${n(cx + r * 0.2)} ${n(cy + r)} ${n(cx - r)} ${n(cy + r)}Z" fill="${fill}"/>${line(cx - r * 0.9, cy + r * 0.9, cx + r * 0.4, cy - r * 0.4, "#ffffff", n(r * 0.1), 'stroke-opacity="0.7"')}`;
}

/** A box drawn in a simple oblique projection: front face, right side and top. */
interface IsoBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Depth along the receding direction. */
  d: number;
}
const isoDx = (d: number) => d * 0.78;
const isoDy = (d: number) => -d * 0.42;

function isoBox(p: string, b: IsoBox, color: string): string {
  const dx = isoDx(b.d);
  const dy = isoDy(b.d);
  return [
    `<defs>${linear(`${p}-front`, [
      [0, lighten(color, 0.1)],
      [1, darken(color, 0.1)],
    ])}</defs>`,
    poly(
      [
        [b.x + b.w, b.y],
        [b.x + b.w + dx, b.y + dy],
        [b.x + b.w + dx, b.y + b.h + dy],
        [b.x + b.w, b.y + b.h],
      ],
      darken(color, 0.24),
    ),
    poly(
      [
        [b.x, b.y],
        [b.x + dx, b.y + dy],
        [b.x + b.w + dx, b.y + dy],
        [b.x + b.w, b.y],
      ],
      lighten(color, 0.3),
    ),
    rect(b.x, b.y, b.w, b.h, `url(#${p}-front)`),
  ].join("");
}

/** Slanted slats on the side face of an iso box. */
function sideLouvres(b: IsoBox, color: string, from: number, to: number, count: number): string {
  const dx = isoDx(b.d);
  const dy = isoDy(b.d);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = b.y + b.h * (from + ((to - from) * i) / Math.max(1, count - 1));
    out.push(line(b.x + b.w + dx * 0.16, y + dy * 0.16, b.x + b.w + dx * 0.84, y + dy * 0.84, color, Math.max(4, b.h * 0.012)));
  }
  return out.join("");
}

/** A stripe across the front and side of an iso box at fraction `at` of its height. */
function isoStripe(b: IsoBox, at: number, height: number, color: string): string {
  const dx = isoDx(b.d);
  const dy = isoDy(b.d);
  const y = b.y + b.h * at;
  return (
    rect(b.x, y, b.w, height, color) +
    poly(
      [
        [b.x + b.w, y],
        [b.x + b.w + dx, y + dy],
        [b.x + b.w + dx, y + dy + height],
        [b.x + b.w, y + height],
      ],
      darken(color, 0.2),
    )
  );
}

function shadow(cx: number, cy: number, rx: number, ry = 26): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#0b2540" fill-opacity="0.16"/>`;
}

// ---------------------------------------------------------------------------------------------------
// Machines (drawn for a 1200 × 900 canvas, standing on y ≈ 760)

export type MachineKind =
  | "recip-single"
  | "recip-twin"
  | "recip-v"
  | "recip-tank"
  | "screw"
  | "screw-vsd"
  | "scroll"
  | "oilfree-screw"
  | "portable-diesel"
  | "portable-electric"
  | "dryer-refrigerated"
  | "dryer-desiccant"
  | "filters"
  | "receiver"
  | "drain";

interface MachineColors {
  /** Main paint colour. */
  body: string;
  /** Safety/detail colour (belt guards, stripes). */
  accent: string;
}

/** One air-cooled cylinder with fins and a head, standing on (x, y) and leaning by `deg`. */
function finnedCylinder(p: string, x: number, y: number, deg: number, bore: number, height: number, head: string): string {
  const fins: string[] = [];
  const count = Math.floor((height - 18) / 15);
  for (let i = 0; i < count; i++) {
    fins.push(rect(-(bore / 2 + 18), -height + 10 + i * 15, bore + 36, 8, `url(#${p}-fin)`, 4));
  }
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${deg})">
${rect(-bore / 2, -height, bore, height, PALETTE.steelDark)}
${fins.join("")}
${rect(-(bore / 2 + 24), -height - 40, bore + 48, 42, head, 10)}
${rect(-(bore / 2 + 24), -height - 40, bore + 48, 10, lighten(head, 0.18), 5)}
${circle(-bore / 4, -height - 18, 5, lighten(head, 0.35))}${circle(bore / 4, -height - 18, 5, lighten(head, 0.35))}
${rect(-(bore / 2 + 58), -height - 36, 34, 34, PALETTE.steelLight, 10)}${rect(-(bore / 2 + 58), -height - 24, 34, 6, PALETTE.steel)}
</g>`;
}

/** Where a point (0, -dist) of a cylinder rotated by `deg` about (x, y) lands. */
function cylinderTop(x: number, y: number, deg: number, dist: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [x + Math.sin(a) * dist, y - Math.cos(a) * dist];
}

function reciprocating(p: string, c: MachineColors, style: "single" | "twin" | "v" | "tank"): string {
  const big = style === "tank";
  const tank = big ? { x: 210, y: 470, w: 780, h: 220 } : { x: 250, y: 520, w: 700, h: 170 };
  const r = tank.h / 2;
  const lift = big ? -50 : 0; // the machinery sits higher on the bigger tank
  const head = "#2b3640";
  const motor = mix(c.body, PALETTE.steelDark, 0.55);
  const parts: string[] = [];
  parts.push(`<defs>
${linear(`${p}-tank`, [
  [0, lighten(c.body, 0.35)],
  [0.4, c.body],
  [1, darken(c.body, 0.4)],
])}
${linear(
  `${p}-fin`,
  [
    [0, PALETTE.steelLight],
    [0.5, "#e6eaee"],
    [1, PALETTE.steel],
  ],
  1,
  0,
)}
${linear(`${p}-motor`, [
  [0, lighten(motor, 0.3)],
  [0.45, motor],
  [1, darken(motor, 0.35)],
])}
${linear(`${p}-crank`, [
  [0, "#6b7682"],
  [1, "#333d47"],
])}
${linear(`${p}-guard`, [
  [0, lighten(c.accent, 0.15)],
  [1, darken(c.accent, 0.15)],
])}
</defs>`);
  parts.push(shadow(600, 762, big ? 430 : 400));

  // Belt guard, behind the pump and motor.
  const gy = 430 + lift;
  parts.push(
    `<path d="${ringPath(470, gy, 108)}" fill="url(#${p}-guard)"/>` +
      `<path d="${ringPath(770, gy + 10, 54)}" fill="url(#${p}-guard)"/>` +
      poly(
        [
          [470, gy - 108],
          [770, gy + 10 - 54],
          [770, gy + 10 + 54],
          [470, gy + 108],
        ],
        `url(#${p}-guard)`,
      ),
  );
  for (let i = 0; i < 5; i++) {
    const a = ((-160 + i * 18) * Math.PI) / 180;
    parts.push(
      line(
        470 + Math.cos(a) * 78,
        gy + Math.sin(a) * 78,
        470 + Math.cos(a) * 98,
        gy + Math.sin(a) * 98,
        darken(c.accent, 0.25),
        7,
      ),
    );
  }

  // Tank, wheels and feet.
  if (big) {
    for (const fx of [300, 900]) {
      parts.push(
        poly(
          [
            [fx - 40, tank.y + tank.h - 20],
            [fx + 40, tank.y + tank.h - 20],
            [fx + 50, 752],
            [fx - 50, 752],
          ],
          PALETTE.steelDark,
        ),
      );
      parts.push(rect(fx - 58, 748, 116, 12, PALETTE.ink, 4));
    }
  } else {
    parts.push(
      poly(
        [
          [845, 680],
          [895, 680],
          [905, 752],
          [835, 752],
        ],
        PALETTE.steelDark,
      ),
    );
    parts.push(rect(826, 748, 88, 12, PALETTE.ink, 4));
  }
  parts.push(rect(tank.x, tank.y, tank.w, tank.h, `url(#${p}-tank)`, r));
  parts.push(rect(tank.x + 60, tank.y + 16, tank.w - 120, 12, "#ffffff", 6, 'fill-opacity="0.28"'));
  for (const sx of [tank.x + r + 8, tank.x + tank.w - r - 8]) {
    parts.push(line(sx, tank.y + 3, sx, tank.y + tank.h - 3, darken(c.body, 0.28), 3));
  }
  parts.push(rect(tank.x + tank.w * 0.42, tank.y + tank.h * 0.42, tank.w * 0.16, tank.h * 0.22, lighten(c.body, 0.75), 6));
  parts.push(rect(tank.x + tank.w * 0.42 + 10, tank.y + tank.h * 0.42 + 12, tank.w * 0.16 - 20, 5, darken(c.body, 0.2), 2));
  parts.push(rect(tank.x + tank.w * 0.42 + 10, tank.y + tank.h * 0.42 + 24, tank.w * 0.1, 5, darken(c.body, 0.2), 2));
  parts.push(rect(596, tank.y + tank.h - 4, 16, 22, PALETTE.steelDark, 3));
  if (!big) {
    parts.push(
      poly(
        [
          [322, 672],
          [372, 672],
          [356, 716],
          [336, 716],
        ],
        PALETTE.steelDark,
      ),
    );
    parts.push(circle(345, 714, 46, PALETTE.ink));
    parts.push(circle(345, 714, 26, PALETTE.steelLight));
    parts.push(circle(345, 714, 9, PALETTE.steelDark));
    parts.push(
      `<path d="M${345 - 38} 700A40 40 0 0 1 ${345 + 8} 675" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="6" stroke-linecap="round"/>`,
    );
    parts.push(
      `<path d="M940 585Q1000 585 1012 530" fill="none" stroke="${PALETTE.steelDark}" stroke-width="14" stroke-linecap="round"/>`,
    );
    parts.push(line(1008, 548, 1018, 512, PALETTE.ink, 20));
  }

  // Base plate, motor, crankcase.
  parts.push(`<g transform="translate(0 ${lift})">`);
  parts.push(rect(360, 498, 520, 24, PALETTE.steelDark, 4));
  parts.push(rect(400, 516, 40, 10, PALETTE.steelDark) + rect(800, 516, 40, 10, PALETTE.steelDark));
  parts.push(rect(630, 378, 200, 122, `url(#${p}-motor)`, 18));
  for (let y = 394; y <= 484; y += 13) parts.push(line(650, y, 812, y, darken(motor, 0.3), 3, 'stroke-opacity="0.6"'));
  parts.push(rect(700, 354, 64, 28, darken(motor, 0.15), 5));
  parts.push(rect(818, 386, 34, 106, darken(motor, 0.25), 12));
  parts.push(rect(848, 398, 26, 82, PALETTE.steelLight, 8));
  for (let y = 410; y <= 470; y += 14) parts.push(line(856, y, 866, y, PALETTE.steelDark, 4));
  parts.push(rect(390, 404, 172, 98, `url(#${p}-crank)`, 18));
  parts.push(circle(424, 468, 10, "#f2c14e", `stroke="${PALETTE.ink}" stroke-width="3"`));
  parts.push(rect(500, 470, 44, 8, "#56616c", 4));

  // Cylinders and pipes.
  let outlet: [number, number];
  if (style === "v" || style === "tank") {
    const lp = cylinderTop(440, 414, -24, 170);
    const hp = cylinderTop(514, 414, 24, 146);
    parts.push(
      `<path d="M${n(lp[0])} ${n(lp[1])}C${n(lp[0] + 10)} ${n(lp[1] - 90)} ${n(hp[0] - 10)} ${n(hp[1] - 90)} ${n(hp[0])} ${n(hp[1])}" fill="none" stroke="${PALETTE.steel}" stroke-width="16" stroke-linecap="round"/>` +
        `<path d="M${n(lp[0])} ${n(lp[1])}C${n(lp[0] + 10)} ${n(lp[1] - 90)} ${n(hp[0] - 10)} ${n(hp[1] - 90)} ${n(hp[0])} ${n(hp[1])}" fill="none" stroke="${PALETTE.steelDark}" stroke-width="26" stroke-dasharray="3 7"/>`,
    );
    parts.push(finnedCylinder(p, 440, 414, -24, 80, 150, head));
    parts.push(finnedCylinder(p, 514, 414, 24, 58, 126, head));
    outlet = [hp[0] + 30, hp[1] + 20];
  } else if (style === "twin") {
    parts.push(finnedCylinder(p, 436, 410, 0, 62, 140, head));
    parts.push(finnedCylinder(p, 520, 410, 0, 62, 140, head));
    outlet = [566, 248];
  } else {
    parts.push(finnedCylinder(p, 476, 410, 0, 84, 150, head));
    outlet = [542, 238];
  }
  const [ox, oy] = outlet;
  const pipe = `M${n(ox)} ${n(oy)}C${n(ox + 40)} ${n(oy)} 600 ${n(oy + 30)} 600 ${n(oy + 90)}L600 500`;
  parts.push(`<path d="${pipe}" fill="none" stroke="${PALETTE.steelDark}" stroke-width="16" stroke-linecap="round"/>`);
  parts.push(`<path d="${pipe}" fill="none" stroke="#d0894a" stroke-width="9" stroke-linecap="round"/>`);
  parts.push("</g>");

  // Pressure switch and gauges.
  const topAt = (x: number) => {
    const cx = x < tank.x + tank.w / 2 ? tank.x + r : tank.x + tank.w - r;
    const dx = Math.min(r, Math.abs(x - cx));
    return tank.y + r - Math.sqrt(r * r - dx * dx) + 2;
  };
  const swx = big ? 930 : 905;
  parts.push(rect(swx - 7, topAt(swx) - 60, 14, 62, PALETTE.steelDark));
  parts.push(rect(swx - 32, topAt(swx) - 110, 64, 54, PALETTE.ink, 8));
  parts.push(circle(swx, topAt(swx) - 96, 8, PALETTE.red));
  parts.push(rect(swx - 20, topAt(swx) - 78, 40, 8, "#3b4956", 3));
  const gx = big ? 270 : 312;
  parts.push(rect(gx - 6, topAt(gx) - 44, 12, 46, PALETTE.steelDark));
  parts.push(gauge(`${p}-g1`, gx, topAt(gx) - 70, 30));
  return parts.join("\n");
}

interface CabinetOptions {
  box: IsoBox;
  screen: "bars" | "wave" | "dew" | "none";
  emblem: "spiral" | "drop" | "snow" | "none";
  gauge?: boolean;
  pipes?: boolean;
  /** Fraction of the width taken by the left (control) door. */
  split?: number;
}

function cabinet(p: string, c: MachineColors, o: CabinetOptions): string {
  const b = o.box;
  const dx = isoDx(b.d);
  const dy = isoDy(b.d);
  const split = o.split ?? 0.42;
  const out: string[] = [];
  out.push(shadow(b.x + b.w / 2 + dx / 2, b.y + b.h + 6, b.w / 2 + dx / 2 + 50, 28));
  out.push(isoBox(p, b, c.body));
  if (o.pipes) {
    // Inlet and outlet pipes leaving the side face, each with a flange.
    out.push(
      `<defs>${linear(`${p}-pipe`, [
        [0, PALETTE.steelLight],
        [0.5, "#eef1f4"],
        [1, PALETTE.steel],
      ])}</defs>`,
    );
    for (const [at, depth] of [
      [0.535, 0.3],
      [0.535, 0.72],
    ] as const) {
      const px = b.x + b.w + dx * depth;
      const py = b.y + b.h * at + dy * depth;
      out.push(rect(px, py - 14, 110, 28, `url(#${p}-pipe)`));
      out.push(
        poly(
          [
            [px - 6, py - 24],
            [px + 6, py - 28],
            [px + 6, py + 22],
            [px - 6, py + 26],
          ],
          PALETTE.steelDark,
        ),
      );
      out.push(rect(px + 104, py - 24, 14, 48, PALETTE.steelDark, 3));
    }
  }
  // Top exhaust grille.
  const tx = b.x + b.w * 0.52;
  out.push(
    poly(
      [
        [tx + dx * 0.2, b.y + dy * 0.2],
        [tx + dx * 0.8, b.y + dy * 0.8],
        [tx + b.w * 0.4 + dx * 0.8, b.y + dy * 0.8],
        [tx + b.w * 0.4 + dx * 0.2, b.y + dy * 0.2],
      ],
      darken(c.body, 0.35),
    ),
  );
  for (let i = 1; i < 6; i++) {
    const f = 0.2 + i * 0.1;
    out.push(line(tx + dx * f + 6, b.y + dy * f, tx + b.w * 0.4 + dx * f - 6, b.y + dy * f, darken(c.body, 0.55), 3));
  }
  // Base skid with fork slots.
  out.push(rect(b.x, b.y + b.h - 34, b.w, 34, "#26313b"));
  out.push(
    poly(
      [
        [b.x + b.w, b.y + b.h - 34],
        [b.x + b.w + dx, b.y + b.h - 34 + dy],
        [b.x + b.w + dx, b.y + b.h + dy],
        [b.x + b.w, b.y + b.h],
      ],
      "#1b242c",
    ),
  );
  for (const fx of [0.18, 0.66]) out.push(rect(b.x + b.w * fx, b.y + b.h - 25, b.w * 0.16, 16, "#0e151b", 4));
  // Accent stripe, door seams, handles.
  out.push(isoStripe(b, 0.47, Math.max(10, b.h * 0.028), c.accent));
  const sx = b.x + b.w * split;
  out.push(line(sx, b.y + 8, sx, b.y + b.h - 40, darken(c.body, 0.3), 3));
  out.push(rect(sx - 22, b.y + b.h * 0.55, 10, b.h * 0.12, darken(c.body, 0.45), 5));
  out.push(rect(sx + 12, b.y + b.h * 0.55, 10, b.h * 0.12, darken(c.body, 0.45), 5));
  // Right door: vent slats.
  const gx = sx + 30;
  const gw = b.x + b.w - 30 - gx;
  const slats = 7;
  for (let i = 0; i < slats; i++) {
    const y = b.y + b.h * 0.08 + i * (b.h * 0.045);
    out.push(rect(gx, y, gw, b.h * 0.022, darken(c.body, 0.32), 4));
  }
  for (let i = 0; i < 5; i++) {
    const y = b.y + b.h * 0.58 + i * (b.h * 0.045);
    out.push(rect(gx, y, gw, b.h * 0.022, darken(c.body, 0.32), 4));
  }
  out.push(sideLouvres(b, darken(c.body, 0.42), 0.12, 0.4, 7));
  out.push(sideLouvres(b, darken(c.body, 0.42), 0.58, 0.82, 5));
  // Left door: controller.
  const px = b.x + b.w * 0.06;
  const pw = b.w * split - b.w * 0.12;
  const py = b.y + b.h * 0.08;
  const ph = Math.min(b.h * 0.3, pw * 0.9);
  out.push(rect(px, py, pw, ph, "#1d2833", 10));
  const scx = px + pw * 0.1;
  const scy = py + ph * 0.1;
  const scw = pw * 0.8;
  const sch = ph * 0.5;
  out.push(rect(scx, scy, scw, sch, "#0f2b40", 5));
  if (o.screen === "bars") {
    for (let i = 0; i < 4; i++) {
      const hh = sch * (0.3 + ((i * 37) % 5) * 0.12);
      out.push(rect(scx + scw * (0.12 + i * 0.2), scy + sch - 8 - hh, scw * 0.12, hh, i === 2 ? PALETTE.orange : "#4fd1c5", 2));
    }
  } else if (o.screen === "wave") {
    const pts: string[] = [];
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      pts.push(`${n(scx + 10 + t * (scw - 20))} ${n(scy + sch / 2 + Math.sin(t * Math.PI * 4) * sch * 0.28)}`);
    }
    out.push(`<path d="M${pts.join("L")}" fill="none" stroke="#4fd1c5" stroke-width="4" stroke-linejoin="round"/>`);
    out.push(rect(scx + 10, scy + 8, scw * 0.3, 6, PALETTE.orange, 3));
  } else if (o.screen === "dew") {
    out.push(circle(scx + scw / 2, scy + sch / 2, sch * 0.34, "none", `stroke="#274b66" stroke-width="6"`));
    out.push(
      `<path d="M${n(scx + scw / 2)} ${n(scy + sch / 2 - sch * 0.34)}A${n(sch * 0.34)} ${n(sch * 0.34)} 0 1 1 ${n(scx + scw / 2 - sch * 0.34)} ${n(scy + sch / 2)}" fill="none" stroke="#4fd1c5" stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  out.push(circle(px + pw * 0.25, py + ph * 0.8, ph * 0.09, PALETTE.red));
  out.push(circle(px + pw * 0.5, py + ph * 0.8, ph * 0.07, "#3fbf6f"));
  out.push(circle(px + pw * 0.72, py + ph * 0.8, ph * 0.07, "#6b7886"));
  // Emblem and gauge.
  const ex = b.x + (b.w * split) / 2;
  const ey = b.y + b.h * 0.7;
  const er = Math.min(b.w * split * 0.26, b.h * 0.11);
  if (o.emblem !== "none") {
    out.push(circle(ex, ey, er, "#ffffff", 'fill-opacity="0.92"'));
    if (o.emblem === "spiral") out.push(spiral(ex, ey, er * 0.7, PALETTE.navy, Math.max(3, er * 0.1)));
    if (o.emblem === "drop") out.push(drop(ex, ey + er * 0.05, er * 0.48, PALETTE.sky));
    if (o.emblem === "snow") out.push(snowflake(ex, ey, er * 0.66, PALETTE.sky, Math.max(3, er * 0.08)));
  }
  if (o.gauge) out.push(gauge(`${p}-g`, b.x + b.w * split + (b.w * (1 - split)) / 2, b.y + b.h * 0.7, er * 0.95));
  return out.join("\n");
}

function portable(p: string, c: MachineColors, diesel: boolean): string {
  const b: IsoBox = diesel ? { x: 250, y: 330, w: 620, h: 290, d: 110 } : { x: 330, y: 400, w: 480, h: 230, d: 90 };
  const dx = isoDx(b.d);
  const dy = isoDy(b.d);
  const out: string[] = [];
  const wheel = diesel ? { x: 590, y: 682, r: 76 } : { x: 570, y: 694, r: 64 };
  out.push(
    `<defs>${radial(`${p}-tyre`, [
      [0, "#3a4652"],
      [0.7, "#26303a"],
      [1, "#151c22"],
    ])}</defs>`,
  );
  out.push(shadow(560, 762, 420, 24));
  // Drawbar, tow eye and jockey wheel.
  const barY = b.y + b.h + 8;
  out.push(line(b.x + 40, barY, 90, barY + 40, PALETTE.steelDark, 20));
  out.push(`<path d="${ringPath(72, barY + 44, 24)}${ringPath(72, barY + 44, 12)}" fill="${PALETTE.ink}" fill-rule="evenodd"/>`);
  out.push(rect(156, barY + 14, 14, 740 - barY - 14, PALETTE.steelDark, 4));
  out.push(circle(163, 740, 20, PALETTE.ink) + circle(163, 740, 8, PALETTE.steelLight));
  out.push(rect(148, barY - 20, 30, 38, c.accent, 6));
  // Canopy.
  out.push(isoBox(p, b, c.body));
  out.push(rect(b.x - 20, b.y + b.h - 6, b.w + dx + 30, 22, "#26313b", 4));
  // Doors and louvres.
  const doors = diesel ? 3 : 2;
  for (let i = 1; i < doors; i++) {
    const x = b.x + (b.w * i) / doors;
    out.push(line(x, b.y + 10, x, b.y + b.h - 12, darken(c.body, 0.3), 3));
  }
  for (let i = 0; i < doors; i++) {
    const x0 = b.x + (b.w * i) / doors + 26;
    const w = b.w / doors - 52;
    for (let j = 0; j < 6; j++) out.push(rect(x0, b.y + 34 + j * 22, w, 10, darken(c.body, 0.3), 5));
    out.push(rect(x0 + w / 2 - 20, b.y + b.h - 70, 40, 12, darken(c.body, 0.5), 6));
  }
  out.push(sideLouvres(b, darken(c.body, 0.45), 0.16, 0.6, 6));
  out.push(isoStripe(b, 0.72, 14, c.accent === c.body ? PALETTE.navy : c.accent));
  // Lifting eye, exhaust or cable reel.
  const lx = b.x + b.w / 2 + dx / 2;
  const ly = b.y + dy / 2;
  out.push(rect(lx - 30, ly - 10, 60, 14, PALETTE.steelDark, 4));
  out.push(
    `<path d="${ringPath(lx, ly - 32, 26)}${ringPath(lx, ly - 32, 14)}" fill="${PALETTE.steelDark}" fill-rule="evenodd"/>`,
  );
  if (diesel) {
    const ex = b.x + b.w * 0.85 + dx * 0.5;
    const ey = b.y + dy * 0.5;
    out.push(rect(ex - 12, ey - 90, 24, 92, "#39434d", 3));
    out.push(
      poly(
        [
          [ex - 20, ey - 90],
          [ex + 26, ey - 104],
          [ex + 26, ey - 94],
          [ex - 20, ey - 80],
        ],
        PALETTE.ink,
      ),
    );
  } else {
    const rx = b.x + b.w + dx * 0.5;
    const ry = b.y + b.h * 0.45 + dy * 0.5;
    out.push(circle(rx + 10, ry, 62, PALETTE.ink));
    for (let r = 54; r > 16; r -= 9) out.push(circle(rx + 10, ry, r, "none", `stroke="${c.accent}" stroke-width="5"`));
    out.push(circle(rx + 10, ry, 12, PALETTE.steelLight));
    out.push(
      `<path d="M${b.x + b.w - 40} ${b.y - 10}L${b.x + b.w - 40} ${b.y - 60}L${b.x + b.w + 40} ${b.y - 60}" fill="none" stroke="${PALETTE.steelDark}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  // Wheel, mudguard, rear stand.
  out.push(
    `<path d="M${wheel.x - wheel.r - 22} ${b.y + b.h + 14}A${wheel.r + 22} ${wheel.r + 22} 0 0 1 ${wheel.x + wheel.r + 22} ${b.y + b.h + 14}Z" fill="#2e3944"/>`,
  );
  out.push(circle(wheel.x, wheel.y, wheel.r, `url(#${p}-tyre)`));
  out.push(circle(wheel.x, wheel.y, wheel.r * 0.58, PALETTE.steelLight));
  out.push(circle(wheel.x, wheel.y, wheel.r * 0.46, "#aeb7c0"));
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 * Math.PI) / 180;
    out.push(circle(wheel.x + Math.cos(a) * wheel.r * 0.3, wheel.y + Math.sin(a) * wheel.r * 0.3, 5, PALETTE.steelDark));
  }
  out.push(circle(wheel.x, wheel.y, wheel.r * 0.14, PALETTE.steelDark));
  const stx = b.x + b.w - 40;
  out.push(rect(stx, b.y + b.h + 10, 16, 740 - b.y - b.h, PALETTE.steelDark, 3));
  out.push(rect(stx - 16, 744, 48, 12, PALETTE.ink, 4));
  return out.join("\n");
}

function desiccantDryer(p: string, c: MachineColors): string {
  const out: string[] = [];
  out.push(
    `<defs>${cylinderShade(`${p}-tower`, c.body)}${linear(`${p}-pipe`, [
      [0, PALETTE.steelLight],
      [0.5, "#eef1f4"],
      [1, PALETTE.steel],
    ])}</defs>`,
  );
  out.push(shadow(600, 758, 300));
  out.push(rect(380, 700, 440, 32, "#26313b", 4));
  for (const x of [400, 560, 760]) out.push(rect(x, 728, 40, 28, PALETTE.ink, 3));
  // Towers.
  for (const tx of [495, 705]) {
    out.push(rect(tx - 66, 210, 132, 490, `url(#${p}-tower)`, 66));
    out.push(rect(tx - 66, 300, 132, 10, darken(c.body, 0.3), 0, 'fill-opacity="0.6"'));
    out.push(rect(tx - 66, 600, 132, 10, darken(c.body, 0.3), 0, 'fill-opacity="0.6"'));
    out.push(rect(tx - 50, 220, 20, 470, "#ffffff", 10, 'fill-opacity="0.18"'));
  }
  // Manifolds and valves.
  out.push(rect(430, 236, 340, 34, `url(#${p}-pipe)`, 6));
  out.push(rect(430, 636, 340, 40, `url(#${p}-pipe)`, 6));
  out.push(rect(565, 226, 70, 54, c.accent, 8));
  out.push(rect(550, 626, 100, 60, c.accent, 8));
  for (const vx of [570, 630]) out.push(circle(vx, 656, 12, darken(c.accent, 0.35)));
  out.push(rect(770, 242, 110, 22, `url(#${p}-pipe)`) + rect(874, 226, 16, 54, PALETTE.steelDark, 3));
  out.push(rect(320, 644, 110, 24, `url(#${p}-pipe)`) + rect(312, 628, 16, 56, PALETTE.steelDark, 3));
  // Controller between the towers.
  out.push(rect(560, 400, 80, 130, "#1d2833", 10));
  out.push(rect(572, 414, 56, 44, "#0f2b40", 4));
  out.push(rect(580, 424, 40, 6, "#4fd1c5", 3) + rect(580, 438, 26, 6, PALETTE.orange, 3));
  out.push(circle(585, 496, 8, PALETTE.red) + circle(615, 496, 8, "#3fbf6f"));
  // Gauges on each tower.
  out.push(gauge(`${p}-ga`, 495, 360, 30) + gauge(`${p}-gb`, 705, 360, 30));
  return out.join("\n");
}

function filters(p: string, c: MachineColors): string {
  const out: string[] = ['<g transform="translate(0 50)">'];
  out.push(
    `<defs>${linear(`${p}-pipe`, [
      [0, PALETTE.steelLight],
      [0.5, "#f2f4f6"],
      [1, PALETTE.steel],
    ])}${cylinderShade(`${p}-bowl`, "#b8c1ca")}</defs>`,
  );
  // Wall bracket.
  out.push(rect(170, 250, 860, 20, "#9aa6b2", 4));
  for (const x of [200, 1000]) out.push(rect(x - 10, 250, 20, 90, "#9aa6b2", 3));
  out.push(shadow(600, 712, 360, 20));
  out.push(rect(140, 316, 920, 40, `url(#${p}-pipe)`, 6));
  for (const x of [150, 1040]) out.push(rect(x - 8, 300, 16, 72, PALETTE.steelDark, 3));
  out.push(
    poly(
      [
        [180, 286],
        [230, 286],
        [230, 274],
        [262, 296],
        [230, 318],
        [230, 306],
        [180, 306],
      ],
      PALETTE.orange,
    ),
  );
  const bands = [PALETTE.blue, c.accent, PALETTE.green];
  [360, 600, 840].forEach((x, i) => {
    out.push(rect(x - 60, 296, 120, 84, c.body, 12));
    out.push(rect(x - 60, 296, 120, 16, lighten(c.body, 0.2), 8));
    out.push(
      `<path d="M${x - 48} 380L${x + 48} 380L${x + 48} ${590}Q${x + 48} 650 ${x} 650Q${x - 48} 650 ${x - 48} 590Z" fill="url(#${p}-bowl)"/>`,
    );
    out.push(rect(x - 52, 384, 104, 20, darken(c.body, 0.15), 4));
    out.push(rect(x - 48, 470, 96, 14, bands[i] ?? PALETTE.blue));
    out.push(rect(x - 8, 650, 16, 22, PALETTE.steelDark, 3));
    out.push(
      `<path d="M${x} 672Q${x} 720 ${x + 40} 730" fill="none" stroke="${PALETTE.ink}" stroke-width="8" stroke-linecap="round"/>`,
    );
    out.push(rect(x - 5, 240, 10, 58, PALETTE.steelDark));
    out.push(gauge(`${p}-g${i}`, x, 226, 26));
  });
  out.push("</g>");
  return out.join("\n");
}

function receiver(p: string, c: MachineColors): string {
  const out: string[] = [];
  out.push(
    `<defs>${cylinderShade(`${p}-tank`, c.body)}${linear(`${p}-pipe`, [
      [0, PALETTE.steelLight],
      [0.5, "#eef1f4"],
      [1, PALETTE.steel],
    ])}</defs>`,
  );
  out.push(shadow(600, 760, 240, 22));
  for (const [x, w] of [
    [480, 24],
    [696, 24],
    [590, 20],
  ] as const) {
    out.push(rect(x, 640, w, 112, PALETTE.steelDark, 3));
    out.push(rect(x - 14, 746, w + 28, 12, PALETTE.ink, 3));
  }
  // Nozzles.
  out.push(rect(340, 560, 130, 30, `url(#${p}-pipe)`) + rect(332, 546, 16, 58, PALETTE.steelDark, 3));
  out.push(rect(730, 330, 140, 30, `url(#${p}-pipe)`) + rect(862, 316, 16, 58, PALETTE.steelDark, 3));
  out.push(rect(460, 140, 280, 560, `url(#${p}-tank)`, 140));
  out.push(rect(490, 190, 26, 460, "#ffffff", 13, 'fill-opacity="0.2"'));
  out.push(line(462, 300, 738, 300, darken(c.body, 0.3), 3) + line(462, 560, 738, 560, darken(c.body, 0.3), 3));
  // Manhole, nameplate, safety valve, gauge, drain.
  out.push(`<ellipse cx="600" cy="470" rx="52" ry="64" fill="${darken(c.body, 0.15)}"/>`);
  for (let i = 0; i < 10; i++) {
    const a = (i * 36 * Math.PI) / 180;
    out.push(circle(600 + Math.cos(a) * 40, 470 + Math.sin(a) * 52, 4, lighten(c.body, 0.4)));
  }
  out.push(
    rect(560, 350, 80, 46, "#eef2f5", 4) + rect(572, 362, 56, 6, PALETTE.steel, 3) + rect(572, 376, 36, 6, PALETTE.steel, 3),
  );
  out.push(rect(588, 100, 24, 44, "#c9a24a", 4) + rect(580, 92, 40, 12, "#a8842f", 4));
  out.push(rect(420, 250, 44, 12, PALETTE.steelDark));
  out.push(gauge(`${p}-g`, 400, 256, 34));
  out.push(
    `<path d="M600 700L600 730Q600 744 620 744L680 744" fill="none" stroke="${PALETTE.ink}" stroke-width="8" stroke-linecap="round"/>`,
  );
  out.push(circle(600, 712, 9, c.accent));
  return out.join("\n");
}

function drain(p: string, c: MachineColors): string {
  const out: string[] = [];
  out.push(
    `<defs>${linear(`${p}-box`, [
      [0, lighten(c.body, 0.12)],
      [1, darken(c.body, 0.18)],
    ])}${linear(
      `${p}-pipe`,
      [
        [0, PALETTE.steel],
        [0.5, "#eef1f4"],
        [1, PALETTE.steel],
      ],
      1,
      0,
    )}</defs>`,
  );
  out.push(shadow(600, 760, 240, 20));
  // Pipe from the receiver above.
  out.push(rect(570, 80, 60, 230, `url(#${p}-pipe)`));
  out.push(rect(550, 200, 100, 36, PALETTE.steelDark, 6));
  out.push(rect(540, 300, 120, 26, PALETTE.steelDark, 4));
  // Drain body.
  out.push(rect(440, 320, 320, 320, `url(#${p}-box)`, 34));
  out.push(rect(440, 320, 320, 40, lighten(c.body, 0.25), 20));
  out.push(rect(470, 400, 80, 200, "#dfe8ef", 14));
  out.push(rect(482, 500, 56, 88, "#6fb6e6", 8));
  out.push(rect(482, 500, 56, 10, "#9fd0f2", 5));
  out.push(rect(590, 400, 140, 90, "#1d2833", 10));
  out.push(circle(625, 445, 12, "#3fbf6f") + circle(660, 445, 12, PALETTE.orange) + circle(695, 445, 12, "#4b5866"));
  out.push(rect(600, 520, 120, 60, darken(c.body, 0.2), 10));
  out.push(rect(616, 538, 88, 24, c.accent, 12));
  out.push(rect(750, 560, 44, 30, PALETTE.steelDark, 6));
  out.push(
    `<path d="M794 575C860 575 870 640 870 700L870 735" fill="none" stroke="${PALETTE.ink}" stroke-width="16" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M820 735L920 735L910 760L830 760Z" fill="${PALETTE.steel}"/>`);
  out.push(rect(520, 640, 40, 30, PALETTE.steelDark, 4) + rect(640, 640, 40, 30, PALETTE.steelDark, 4));
  out.push(
    `<path d="M250 700C330 700 360 640 440 620" fill="none" stroke="${PALETTE.ink}" stroke-width="8" stroke-linecap="round"/>`,
  );
  return out.join("\n");
}

/** The machine itself as an SVG fragment for the 1200 × 900 canvas. */
function machine(kind: MachineKind, p: string, c: MachineColors): string {
  switch (kind) {
    case "recip-single":
      return reciprocating(p, c, "single");
    case "recip-twin":
      return reciprocating(p, c, "twin");
    case "recip-v":
      return reciprocating(p, c, "v");
    case "recip-tank":
      return reciprocating(p, c, "tank");
    case "screw":
      return cabinet(p, c, { box: { x: 290, y: 250, w: 480, h: 490, d: 220 }, screen: "bars", emblem: "none" });
    case "screw-vsd":
      return cabinet(p, c, { box: { x: 270, y: 270, w: 520, h: 470, d: 230 }, screen: "wave", emblem: "none" });
    case "scroll":
      return cabinet(p, c, { box: { x: 370, y: 300, w: 360, h: 440, d: 200 }, screen: "bars", emblem: "spiral", split: 0.5 });
    case "oilfree-screw":
      return cabinet(p, c, { box: { x: 250, y: 240, w: 560, h: 500, d: 220 }, screen: "wave", emblem: "drop" });
    case "portable-diesel":
      return portable(p, c, true);
    case "portable-electric":
      return portable(p, c, false);
    case "dryer-refrigerated":
      return cabinet(p, c, {
        box: { x: 360, y: 360, w: 380, h: 380, d: 180 },
        screen: "dew",
        emblem: "snow",
        gauge: true,
        pipes: true,
        split: 0.46,
      });
    case "dryer-desiccant":
      return desiccantDryer(p, c);
    case "filters":
      return filters(p, c);
    case "receiver":
      return receiver(p, c);
    case "drain":
      return drain(p, c);
  }
}

// ---------------------------------------------------------------------------------------------------
// Backdrops

/** A calm studio backdrop (gradient wall, floor, halo) for product pictures. */
function studio(w: number, h: number, tint: string, content: string, seed = 1, ring = true): string {
  const rnd = seeded(seed);
  const dots: string[] = [];
  const ox = 60 + rnd() * 40;
  const oy = 60 + rnd() * 30;
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 4; j++) dots.push(circle(ox + i * 22, oy + j * 22, 3, tint, 'fill-opacity="0.22"'));
  const floorY = h * 0.8;
  return svg(
    w,
    h,
    `<defs>${linear("bg", [
      [0, mix(tint, "#ffffff", 0.94)],
      [1, mix(tint, "#ffffff", 0.8)],
    ])}${radial("halo", [
      [0, "#ffffff", 0.95],
      [1, "#ffffff", 0],
    ])}${linear("floor", [
      [0, mix(tint, "#ffffff", 0.74)],
      [1, mix(tint, "#ffffff", 0.86)],
    ])}</defs>
${rect(0, 0, w, h, "url(#bg)")}
${circle(w * 0.5, h * 0.44, h * 0.5, "url(#halo)")}
${ring ? circle(w * 0.86, h * 0.18, h * 0.3, "none", `stroke="${tint}" stroke-opacity="0.07" stroke-width="40"`) : ""}
${dots.join("")}
${rect(0, floorY, w, h - floorY, "url(#floor)")}
${rect(0, floorY, w, 3, tint, 0, 'fill-opacity="0.18"')}
${rect(w - 150, h - 46, 90, 8, PALETTE.orange, 4)}
${content}`,
  );
}

export interface ProductArtOptions extends MachineColors {
  /** Backdrop tint. */
  tint?: string;
  /** Draw the machine facing the other way (an "other side" view). */
  mirror?: boolean;
  seed?: number;
}

/** A product picture: one machine on a studio backdrop, 1200 × 900. */
export function productIllustration(kind: MachineKind, o: ProductArtOptions): string {
  const body = machine(kind, "m", o);
  const content = o.mirror ? `<g transform="translate(1200 0) scale(-1 1)">${body}</g>` : body;
  return studio(1200, 900, o.tint ?? PALETTE.navy, content, o.seed ?? 1);
}

/** A category picture: a smaller machine behind a larger one, 1200 × 900. */
export function categoryIllustration(back: MachineKind, front: MachineKind, o: ProductArtOptions): string {
  const behind = `<g transform="translate(-20 150) scale(0.62)" opacity="0.96">${machine(back, "b", { body: lighten(o.body, 0.12), accent: o.accent })}</g>`;
  const ahead = `<g transform="translate(250 110) scale(0.78)">${machine(front, "f", o)}</g>`;
  return studio(1200, 900, o.tint ?? PALETTE.navy, behind + ahead, o.seed ?? 7);
}

/** A close-up of a controller or a gauge (used as an additional product picture), 1200 × 900. */
export function detailIllustration(kind: "panel" | "gauge", o: ProductArtOptions): string {
  const parts: string[] = [];
  if (kind === "panel") {
    parts.push(rect(160, 120, 880, 660, o.body, 30));
    parts.push(rect(160, 120, 880, 40, lighten(o.body, 0.2), 20));
    parts.push(rect(260, 200, 680, 480, "#1d2833", 24));
    parts.push(rect(300, 240, 600, 260, "#0f2b40", 12));
    const pts: string[] = [];
    for (let i = 0; i <= 60; i++) {
      const t = i / 60;
      pts.push(`${n(330 + t * 540)} ${n(400 - Math.sin(t * Math.PI * 3) * 50 - t * 40)}`);
    }
    parts.push(`<path d="M${pts.join("L")}" fill="none" stroke="#4fd1c5" stroke-width="6" stroke-linejoin="round"/>`);
    parts.push(rect(330, 270, 180, 14, PALETTE.orange, 7) + rect(330, 296, 120, 10, "#5b7a93", 5));
    for (let i = 0; i < 5; i++) parts.push(rect(640 + i * 48, 272, 30, 30, i === 0 ? PALETTE.orange : "#274b66", 6));
    parts.push(circle(380, 590, 44, PALETTE.red) + circle(380, 590, 30, darken(PALETTE.red, 0.2)));
    parts.push(circle(520, 590, 34, "#3fbf6f"));
    parts.push(circle(640, 590, 34, "#6b7886"));
    for (let i = 0; i < 3; i++) parts.push(rect(730 + i * 60, 565, 40, 50, "#33414f", 8));
    parts.push(rect(160, 730, 880, 50, o.accent, 0));
  } else {
    parts.push(
      `<defs>${linear(
        "dp",
        [
          [0, PALETTE.steel],
          [0.5, "#f0f3f6"],
          [1, PALETTE.steel],
        ],
        1,
        0,
      )}</defs>`,
    );
    parts.push(rect(540, 560, 120, 260, "url(#dp)"));
    parts.push(rect(500, 540, 200, 60, o.body, 10));
    parts.push(rect(520, 760, 160, 40, PALETTE.steelDark, 6));
    parts.push(gauge("dg", 600, 330, 240, 0.58, o.body));
    parts.push(circle(600, 330, 255, "none", `stroke="${darken(o.body, 0.2)}" stroke-width="10"`));
  }
  return studio(1200, 900, o.tint ?? PALETTE.navy, parts.join("\n"), o.seed ?? 3);
}

// ---------------------------------------------------------------------------------------------------
// Scenes

export interface PlantSceneOptions {
  width: number;
  height: number;
  /** 0 dusk, 1 blue hour, 2 daytime. */
  variant: 0 | 1 | 2;
  /** Darken the left side, where a banner's text sits. */
  shadeLeft?: boolean;
}

/** The works at the foot of the hills: sawtooth-roof halls, offices, a compressor house and tanks. */
export function plantScene(o: PlantSceneOptions): string {
  const { width: w, height: h, variant } = o;
  const rnd = seeded(11 + variant * 7);
  const ground = h * 0.72;
  const skies: Stop[][] = [
    [
      [0, "#0b3a66"],
      [0.42, "#2f6aa0"],
      [0.72, "#e39a5c"],
      [1, "#f7c58c"],
    ],
    [
      [0, "#04182d"],
      [0.55, "#0b3a66"],
      [1, "#2e6c9f"],
    ],
    [
      [0, "#2a6cab"],
      [0.6, "#8cbde6"],
      [1, "#dcecf8"],
    ],
  ];
  const hillFar = ["#5a6f93", "#18446e", "#8fb0cc"][variant] as string;
  const hillNear = ["#3b5279", "#113558", "#6f93b3"][variant] as string;
  const wall = ["#c9d3de", "#5b7088", "#e8eef4"][variant] as string;
  const wallDark = darken(wall, 0.18);
  const lit = variant === 2 ? "#9fc3e3" : "#ffd27a";
  const out: string[] = [];
  out.push(
    `<defs>${linear("sky", skies[variant] ?? [])}${radial("sun", [
      [0, variant === 1 ? "#f4f1da" : "#fff3d6", 1],
      [0.25, variant === 1 ? "#e9e6cf" : "#ffd79a", 0.9],
      [1, "#ffd79a", 0],
    ])}${linear("ground", [
      [0, ["#2a3b52", "#0a1f33", "#7d8fa0"][variant] as string],
      [1, ["#16243a", "#051322", "#5b6d80"][variant] as string],
    ])}${linear(
      "shade",
      [
        [0, "#04182d", 0.78],
        [0.45, "#04182d", 0.35],
        [0.7, "#04182d", 0],
      ],
      1,
      0,
    )}</defs>`,
  );
  out.push(rect(0, 0, w, ground + 2, "url(#sky)"));
  if (variant === 1) {
    for (let i = 0; i < 70; i++)
      out.push(circle(rnd() * w, rnd() * ground * 0.7, 0.8 + rnd() * 1.6, "#ffffff", `fill-opacity="${n(0.3 + rnd() * 0.6)}"`));
  }
  const sunX = w * (variant === 2 ? 0.22 : 0.78);
  const sunY = variant === 0 ? ground - h * 0.3 : h * 0.2;
  out.push(circle(sunX, sunY, h * 0.3, "url(#sun)"));
  out.push(circle(sunX, sunY, h * 0.055, variant === 1 ? "#f4f1da" : "#fff1cf"));
  // Clouds.
  const cloudOpacity = [0.22, 0.07, 0.85][variant] as number;
  for (let i = 0; i < 4; i++) {
    const cx = w * (0.1 + i * 0.24 + rnd() * 0.08);
    const cy = h * (0.1 + rnd() * 0.22);
    const cr = h * (0.03 + rnd() * 0.02);
    out.push(
      `<g opacity="${cloudOpacity}">${circle(cx, cy, cr, "#ffffff")}${circle(cx + cr * 1.1, cy - cr * 0.5, cr * 1.3, "#ffffff")}${circle(cx + cr * 2.4, cy, cr, "#ffffff")}${rect(cx, cy - cr * 0.2, cr * 2.4, cr * 1.2, "#ffffff")}</g>`,
    );
  }
  // Hills (smooth ridges across the width).
  const ridge = (base: number, amp: number, seedOffset: number, fill: string) => {
    const r2 = seeded(seedOffset);
    const pts: [number, number][] = [];
    const steps = 7;
    for (let i = 0; i <= steps; i++) pts.push([(w * i) / steps, base - amp * (0.3 + r2() * 0.7)]);
    let d = `M0 ${h}L0 ${n(pts[0]?.[1] ?? base)}`;
    for (let i = 1; i < pts.length; i++) {
      const [px, py] = pts[i - 1] ?? [0, base];
      const [x, y] = pts[i] ?? [w, base];
      d += `C${n(px + w / steps / 2)} ${n(py)} ${n(x - w / steps / 2)} ${n(y)} ${n(x)} ${n(y)}`;
    }
    return `<path d="${d}L${w} ${h}Z" fill="${fill}"/>`;
  };
  out.push(ridge(ground - h * 0.06, h * 0.17, 5 + variant, hillFar));
  out.push(ridge(ground - h * 0.01, h * 0.09, 9 + variant, hillNear));
  out.push(rect(0, ground, w, h - ground, "url(#ground)"));

  // The works: placed on the right so a banner's text has room on the left.
  const s = (h / 900) * 0.92;
  const X = w - 1270 * s;
  const g: string[] = [];
  const bx = (v: number) => X + v * s;
  const by = (v: number) => ground - v * s;
  // Trees behind.
  for (let i = 0; i < 9; i++) {
    const tx = bx(-80 + i * 150 + rnd() * 40);
    const tr = (26 + rnd() * 18) * s;
    g.push(circle(tx, by(40) - tr, tr, darken(hillNear, 0.25)));
  }
  // Main hall with a sawtooth roof.
  const hallX = bx(300);
  const hallW = 620 * s;
  const hallH = 210 * s;
  g.push(rect(hallX, by(210), hallW, hallH, wall));
  const teeth = 7;
  for (let i = 0; i < teeth; i++) {
    const x0 = hallX + (hallW * i) / teeth;
    const x1 = hallX + (hallW * (i + 1)) / teeth;
    g.push(
      poly(
        [
          [x0, by(210)],
          [x1, by(210)],
          [x1, by(280)],
        ],
        wallDark,
      ),
    );
    g.push(
      poly(
        [
          [x1 - 6 * s, by(214)],
          [x1 - 6 * s, by(268)],
          [x1 - 20 * s, by(262)],
          [x1 - 20 * s, by(214)],
        ],
        lit,
        'fill-opacity="0.85"',
      ),
    );
  }
  g.push(rect(hallX, by(150), hallW, 14 * s, PALETTE.orange));
  for (let i = 0; i < 8; i++)
    g.push(rect(hallX + 24 * s + i * 74 * s, by(120), 50 * s, 60 * s, lit, 3 * s, 'fill-opacity="0.8"'));
  g.push(rect(hallX + 250 * s, by(100), 110 * s, 100 * s, darken(wall, 0.35)));
  for (let i = 1; i < 6; i++)
    g.push(line(hallX + 252 * s, by(100) + i * 16 * s, hallX + 358 * s, by(100) + i * 16 * s, darken(wall, 0.5), 2));
  // Office block.
  const offX = bx(40);
  g.push(rect(offX, by(300), 230 * s, 300 * s, variant === 2 ? "#1f5f99" : "#174a7a"));
  g.push(rect(offX - 10 * s, by(310), 250 * s, 16 * s, PALETTE.navy));
  for (let r = 0; r < 6; r++) {
    for (let c2 = 0; c2 < 4; c2++) {
      const on = variant === 2 || rnd() > 0.3;
      g.push(
        rect(
          offX + 18 * s + c2 * 52 * s,
          by(280) + r * 44 * s,
          38 * s,
          28 * s,
          on ? lit : "#0e2c4b",
          2 * s,
          `fill-opacity="${on ? 0.9 : 1}"`,
        ),
      );
    }
  }
  // Compressor house, receivers and a pipe rack.
  const chX = bx(950);
  g.push(rect(chX, by(150), 180 * s, 150 * s, wallDark));
  g.push(
    poly(
      [
        [chX - 10 * s, by(150)],
        [chX + 90 * s, by(190)],
        [chX + 190 * s, by(150)],
      ],
      darken(wall, 0.3),
    ),
  );
  for (let i = 0; i < 5; i++) g.push(rect(chX + 20 * s, by(130) + i * 18 * s, 140 * s, 8 * s, darken(wall, 0.45), 3 * s));
  for (const [tx, th, col] of [
    [1150, 190, PALETTE.orange],
    [1215, 150, "#e9eef3"],
  ] as const) {
    g.push(rect(bx(tx) - 24 * s, by(th), 48 * s, th * s, col, 24 * s));
    g.push(rect(bx(tx) - 16 * s, by(th - 20), 8 * s, (th - 40) * s, "#ffffff", 4 * s, 'fill-opacity="0.25"'));
  }
  g.push(
    rect(bx(920), by(120), 8 * s, 120 * s, PALETTE.steelDark) +
      rect(bx(300) - 40 * s, by(120), 8 * s, 120 * s, PALETTE.steelDark),
  );
  g.push(rect(bx(260), by(126), 670 * s, 8 * s, PALETTE.steel) + rect(bx(260), by(110), 670 * s, 6 * s, PALETTE.steelLight));
  // Water tank on a tower.
  g.push(rect(bx(-40), by(230), 70 * s, 50 * s, PALETTE.steelLight, 8 * s));
  for (const lx of [-34, 20]) g.push(rect(bx(lx), by(180), 6 * s, 180 * s, PALETTE.steelDark));
  // Trees in front.
  for (let i = 0; i < 6; i++) {
    const tx = bx(-40 + i * 230 + rnd() * 60);
    const tr = (20 + rnd() * 14) * s;
    g.push(rect(tx - 3 * s, by(34), 6 * s, 34 * s, "#2b2f36"));
    g.push(circle(tx, by(34) - tr * 0.6, tr, ["#23485f", "#0c2a40", "#3d6b5a"][variant] as string));
  }
  // Compound wall in front of the works.
  const wallTop = ground - 16 * s;
  g.push(rect(0, wallTop, w, 16 * s, darken(wall, 0.1)));
  for (let x = 20; x < w; x += 90 * s) g.push(rect(x, wallTop - 6 * s, 10 * s, 22 * s, darken(wall, 0.3)));
  out.push(g.join(""));
  // Road with lane marks.
  out.push(rect(0, ground + h * 0.1, w, h * 0.07, ["#223247", "#07192b", "#6c7d8f"][variant] as string));
  for (let x = 20; x < w; x += 120) out.push(rect(x, ground + h * 0.13, 60, 5, "#f2d39b", 2, 'fill-opacity="0.7"'));
  if (o.shadeLeft) out.push(rect(0, 0, w, h, "url(#shade)"));
  return svg(w, h, out.join("\n"));
}

export type WorkshopVariant = "assembly" | "testing" | "stores" | "service";

/** Inside the works: skylit hall, crane beam, floor markings and one activity per variant. 1200 × 900. */
export function workshopScene(variant: WorkshopVariant): string {
  const w = 1200;
  const h = 900;
  const floorY = 600;
  const out: string[] = [];
  out.push(
    `<defs>${linear("wall", [
      [0, "#dfe7ef"],
      [1, "#c3cfdb"],
    ])}${linear("floor", [
      [0, "#9aa8b6"],
      [1, "#c8d1da"],
    ])}${linear("sky", [
      [0, "#bcd8f0"],
      [1, "#eaf3fb"],
    ])}</defs>`,
  );
  out.push(rect(0, 0, w, h, "url(#wall)"));
  // Skylights and roof trusses.
  for (let i = 0; i < 6; i++) {
    const x = 20 + i * 200;
    out.push(
      poly(
        [
          [x, 90],
          [x + 160, 40],
          [x + 160, 110],
          [x, 130],
        ],
        "url(#sky)",
      ),
    );
    out.push(line(x, 130, x + 200, 130, PALETTE.steelDark, 6));
    out.push(line(x + 160, 40, x + 160, 130, PALETTE.steelDark, 5));
  }
  out.push(rect(0, 0, w, 40, "#8896a4"));
  // Columns.
  for (const x of [40, 1140])
    out.push(rect(x, 40, 30, floorY - 40, PALETTE.steelDark) + rect(x + 4, 40, 6, floorY - 40, "#6b7886"));
  // Floor with perspective lines and a walkway.
  out.push(rect(0, floorY, w, h - floorY, "url(#floor)"));
  for (let i = -6; i <= 12; i++) out.push(line(600 + i * 40, floorY, 600 + i * 200, h, "#ffffff", 2, 'stroke-opacity="0.25"'));
  out.push(
    poly(
      [
        [0, 800],
        [w, 800],
        [w, 820],
        [0, 820],
      ],
      "#f2c14e",
    ),
  );
  out.push(
    poly(
      [
        [0, 860],
        [w, 860],
        [w, 880],
        [0, 880],
      ],
      "#f2c14e",
    ),
  );
  const place = (m: string, x: number, y: number, s: number) => `<g transform="translate(${x} ${y}) scale(${s})">${m}</g>`;
  if (variant === "assembly") {
    out.push(rect(0, 150, w, 34, PALETTE.orange) + rect(0, 176, w, 8, darken(PALETTE.orange, 0.25)));
    out.push(rect(700, 184, 90, 40, "#39434d", 6));
    out.push(line(745, 224, 745, 350, PALETTE.ink, 4));
    out.push(
      `<path d="M745 350L745 372Q745 392 725 392" fill="none" stroke="${PALETTE.ink}" stroke-width="8" stroke-linecap="round"/>`,
    );
    out.push(rect(60, 690, 1080, 30, PALETTE.steelDark) + rect(60, 720, 1080, 14, PALETTE.ink));
    out.push(place(machine("screw", "a1", { body: PALETTE.navy, accent: PALETTE.orange }), 40, 300, 0.5));
    out.push(place(machine("recip-v", "a2", { body: PALETTE.orange, accent: PALETTE.navy }), 370, 320, 0.5));
    out.push(place(machine("scroll", "a3", { body: "#e8edf2", accent: PALETTE.orange }), 700, 300, 0.5));
  } else if (variant === "testing") {
    out.push(rect(620, 210, 520, 330, "#2b3640", 16));
    out.push(rect(640, 230, 480, 150, "#0f2b40", 8));
    const pts: string[] = [];
    for (let i = 0; i <= 40; i++) pts.push(`${n(660 + i * 11)} ${n(320 - Math.sin(i / 5) * 30 - i * 1.2)}`);
    out.push(`<path d="M${pts.join("L")}" fill="none" stroke="#4fd1c5" stroke-width="5"/>`);
    out.push(gauge("t1", 700, 450, 50, 0.45) + gauge("t2", 830, 450, 50, 0.62) + gauge("t3", 960, 450, 50, 0.8));
    out.push(rect(1040, 420, 60, 60, PALETTE.red, 30));
    out.push(place(machine("screw-vsd", "t4", { body: PALETTE.blue, accent: PALETTE.orange }), 20, 240, 0.6));
    out.push(
      `<path d="M470 640C540 640 560 520 640 500" fill="none" stroke="${PALETTE.ink}" stroke-width="14" stroke-linecap="round"/>`,
    );
    out.push(
      rect(700, 620, 360, 26, "#6b7886") +
        rect(720, 646, 16, 140, PALETTE.steelDark) +
        rect(1024, 646, 16, 140, PALETTE.steelDark),
    );
    out.push(rect(760, 560, 140, 60, PALETTE.ink, 6) + rect(770, 568, 120, 44, "#274b66", 4));
  } else if (variant === "stores") {
    const boxes = [PALETTE.orange, PALETTE.blue, "#c8a46a", PALETTE.steel, "#e0b36a", PALETTE.navy];
    const rr = seeded(41);
    for (const rx of [90, 470, 850]) {
      out.push(rect(rx, 200, 16, 560, PALETTE.orange) + rect(rx + 264, 200, 16, 560, PALETTE.orange));
      for (let level = 0; level < 4; level++) {
        const ly = 330 + level * 140;
        out.push(rect(rx, ly, 280, 14, PALETTE.navy));
        let bxp = rx + 22;
        while (bxp < rx + 250) {
          const bw = 50 + rr() * 40;
          const bh = 60 + rr() * 50;
          if (bxp + bw > rx + 262) break;
          const col = boxes[Math.floor(rr() * boxes.length)] ?? PALETTE.orange;
          out.push(rect(bxp, ly - bh, bw, bh, col, 3) + rect(bxp, ly - bh, bw, 10, lighten(col, 0.25), 3));
          bxp += bw + 8;
        }
      }
    }
  } else {
    // Service van with a tool trolley.
    const vx = 160;
    const vy = 430;
    out.push(shadow(520, 790, 420, 22));
    out.push(
      `<path d="M${vx} ${vy + 320}L${vx} ${vy + 40}Q${vx} ${vy} ${vx + 40} ${vy}L${vx + 520} ${vy}Q${vx + 580} ${vy} ${vx + 620} ${vy + 80}L${vx + 700} ${vy + 190}Q${vx + 720} ${vy + 220} ${vx + 720} ${vy + 260}L${vx + 720} ${vy + 320}Z" fill="#f4f7fa"/>`,
    );
    out.push(
      `<path d="M${vx + 540} ${vy + 30}L${vx + 600} ${vy + 40}L${vx + 670} ${vy + 170}L${vx + 540} ${vy + 170}Z" fill="#6fa3cf"/>`,
    );
    out.push(rect(vx + 390, vy + 30, 120, 120, "#6fa3cf", 10));
    out.push(rect(vx, vy + 200, 720, 40, PALETTE.navy) + rect(vx, vy + 240, 720, 12, PALETTE.orange));
    out.push(rect(vx + 60, vy + 60, 240, 100, "#e1e8ef", 8));
    out.push(gear(vx + 120, vy + 110, 34, 10, PALETTE.navy) + wrench(vx + 180, vy + 70, 40, 110, PALETTE.orange));
    out.push(rect(vx + 520, vy + 180, 40, 10, "#9aa8b6", 5));
    out.push(rect(vx - 10, vy + 300, 740, 30, PALETTE.ink, 10));
    for (const wx of [vx + 140, vx + 580])
      out.push(
        circle(wx, vy + 330, 58, PALETTE.ink) +
          circle(wx, vy + 330, 30, PALETTE.steelLight) +
          circle(wx, vy + 330, 10, PALETTE.steelDark),
      );
    out.push(rect(960, 560, 150, 200, PALETTE.red, 8));
    for (let i = 0; i < 4; i++)
      out.push(rect(970, 580 + i * 44, 130, 34, darken(PALETTE.red, 0.2), 4) + rect(1015, 592 + i * 44, 40, 8, "#eeeeee", 4));
    out.push(circle(980, 775, 14, PALETTE.ink) + circle(1090, 775, 14, PALETTE.ink));
  }
  return svg(w, h, out.join("\n"));
}

export type ServiceArtKind = "installation" | "maintenance" | "repair" | "audit" | "parts" | "rental";

/** Abstract service pictures: tools, gears, gauges and paperwork on a soft backdrop, 1200 × 900. */
export function serviceIllustration(kind: ServiceArtKind, tint: string = PALETTE.navy): string {
  const out: string[] = [];
  out.push(circle(600, 450, 330, mix(tint, "#ffffff", 0.82)));
  out.push(circle(600, 450, 250, mix(tint, "#ffffff", 0.9)));
  const place = (m: string, x: number, y: number, s: number) => `<g transform="translate(${x} ${y}) scale(${s})">${m}</g>`;
  const card = (x: number, y: number, cw: number, ch: number) =>
    rect(x + 10, y + 14, cw, ch, "#0b2540", 18, 'fill-opacity="0.12"') + rect(x, y, cw, ch, "#ffffff", 18);
  const calendar = (x: number, y: number, s: number) => {
    const parts = [
      card(x, y, 300 * s, 280 * s),
      rect(x, y, 300 * s, 70 * s, PALETTE.navy, 18 * s),
      rect(x, y + 50 * s, 300 * s, 20 * s, PALETTE.navy),
    ];
    for (const rx of [70, 230]) parts.push(rect(x + rx * s - 8 * s, y - 20 * s, 16 * s, 44 * s, PALETTE.steelDark, 8 * s));
    for (let r = 0; r < 4; r++) {
      for (let c2 = 0; c2 < 5; c2++) {
        const hot = r === 2 && c2 === 3;
        parts.push(rect(x + (22 + c2 * 54) * s, y + (92 + r * 44) * s, 40 * s, 30 * s, hot ? PALETTE.orange : "#e3e9ef", 6 * s));
      }
    }
    return parts.join("");
  };
  const clipboard = (x: number, y: number) => {
    const parts = [card(x, y, 260, 340), rect(x + 80, y - 22, 100, 44, PALETTE.steelDark, 12)];
    for (let i = 0; i < 4; i++) {
      parts.push(rect(x + 36, y + 70 + i * 62, 28, 28, i < 3 ? PALETTE.green : "#dbe2e9", 6));
      parts.push(rect(x + 84, y + 76 + i * 62, 140, 14, "#dbe2e9", 7));
    }
    return parts.join("");
  };
  switch (kind) {
    case "installation":
      out.push(place(machine("screw", "s1", { body: PALETTE.navy, accent: PALETTE.orange }), 150, 110, 0.72));
      out.push(checkBadge(860, 260, 90));
      out.push(wrench(900, 500, 35, 300, PALETTE.steelDark));
      break;
    case "maintenance":
      out.push(calendar(230, 260, 1.2));
      out.push(gear(810, 470, 170, 14, PALETTE.navy, 8));
      out.push(wrench(720, 280, -35, 380, PALETTE.orange));
      out.push(checkBadge(960, 260, 60, PALETTE.green));
      break;
    case "repair":
      out.push(gear(520, 470, 200, 16, PALETTE.steelDark, 0));
      out.push(gear(800, 310, 110, 11, PALETTE.navy, 12));
      out.push(wrench(330, 260, -50, 520, PALETTE.orange));
      out.push(circle(860, 640, 80, PALETTE.orange));
      out.push(
        poly(
          [
            [870, 580],
            [830, 650],
            [862, 650],
            [848, 705],
            [898, 628],
            [866, 628],
            [884, 580],
          ],
          "#ffffff",
        ),
      );
      break;
    case "audit":
      out.push(clipboard(190, 260));
      out.push(gauge("sa", 640, 420, 170, 0.35, PALETTE.navy));
      out.push(card(790, 480, 250, 220));
      for (let i = 0; i < 4; i++)
        out.push(rect(825 + i * 52, 660 - (40 + i * 32), 34, 40 + i * 32, i === 3 ? PALETTE.green : PALETTE.sky, 5));
      out.push(circle(960, 300, 64, PALETTE.green) + leaf(960, 300, 34, "#ffffff"));
      break;
    case "parts":
      out.push(gear(420, 360, 150, 12, PALETTE.navy, 0));
      out.push(gear(620, 560, 110, 10, PALETTE.orange, 14));
      out.push(gear(320, 620, 80, 9, PALETTE.steelDark, 4));
      out.push(
        `<defs>${linear(
          "pleat",
          [
            [0, "#d9dfe5"],
            [0.5, "#ffffff"],
            [1, "#b8c1ca"],
          ],
          1,
          0,
        )}</defs>`,
      );
      out.push(rect(770, 230, 220, 400, "url(#pleat)", 16));
      for (let i = 0; i < 10; i++) out.push(line(790 + i * 20, 260, 790 + i * 20, 600, "#c2cad2", 4));
      out.push(rect(760, 210, 240, 40, PALETTE.navy, 10) + rect(760, 610, 240, 40, PALETTE.navy, 10));
      out.push(
        poly(
          [
            [840, 700],
            [880, 677],
            [920, 700],
            [920, 746],
            [880, 769],
            [840, 746],
          ],
          PALETTE.steelDark,
        ),
      );
      out.push(circle(880, 723, 18, mix(tint, "#ffffff", 0.9)));
      break;
    case "rental":
      out.push(place(machine("portable-diesel", "s2", { body: PALETTE.orange, accent: PALETTE.navy }), 120, 200, 0.7));
      out.push(calendar(790, 190, 0.8));
      out.push(circle(900, 600, 70, PALETTE.navy));
      out.push(`<path d="${ringPath(880, 600, 30)}${ringPath(880, 600, 14)}" fill="${PALETTE.orange}" fill-rule="evenodd"/>`);
      out.push(
        rect(906, 592, 60, 16, PALETTE.orange, 4) +
          rect(946, 606, 10, 18, PALETTE.orange) +
          rect(926, 606, 10, 14, PALETTE.orange),
      );
      break;
  }
  return studio(1200, 900, tint, out.join("\n"), kind.length, false);
}

// ---------------------------------------------------------------------------------------------------
// Avatars

export interface AvatarOptions {
  background: string;
  skin: string;
  hair: string;
  hairStyle: "short" | "side" | "long" | "bun";
  shirt: string;
  /** A collar or tie detail. */
  collar?: "open" | "tie" | "none";
  beard?: boolean;
  glasses?: boolean;
}

/** A faceless head-and-shoulders portrait on a coloured disc, 400 × 400. */
export function avatar(o: AvatarOptions): string {
  const out: string[] = [];
  const skinShade = darken(o.skin, 0.14);
  out.push(
    `<defs>${linear("bg", [
      [0, lighten(o.background, 0.25)],
      [1, darken(o.background, 0.1)],
    ])}${linear("shirt", [
      [0, lighten(o.shirt, 0.1)],
      [1, darken(o.shirt, 0.15)],
    ])}</defs>`,
  );
  out.push(rect(0, 0, 400, 400, lighten(o.background, 0.7)));
  out.push(circle(200, 200, 196, "url(#bg)"));
  if (o.hairStyle === "long") {
    out.push(`<path d="M118 180Q112 96 200 88Q288 96 282 180L292 300Q200 330 108 300Z" fill="${o.hair}"/>`);
  }
  // Shoulders.
  out.push(`<path d="M60 400Q64 300 150 282L250 282Q336 300 340 400Z" fill="url(#shirt)"/>`);
  out.push(`<path d="M172 246L228 246L232 292Q200 316 168 292Z" fill="${skinShade}"/>`);
  if (o.collar === "open" || o.collar === "tie") {
    out.push(`<path d="M160 284L200 316L240 284L250 300L200 336L150 300Z" fill="${lighten(o.shirt, 0.55)}"/>`);
  }
  if (o.collar === "tie") out.push(`<path d="M192 318L208 318L214 400L186 400Z" fill="${PALETTE.orange}"/>`);
  // Head.
  out.push(
    `<ellipse cx="136" cy="196" rx="14" ry="22" fill="${skinShade}"/><ellipse cx="264" cy="196" rx="14" ry="22" fill="${skinShade}"/>`,
  );
  out.push(`<ellipse cx="200" cy="186" rx="64" ry="80" fill="${o.skin}"/>`);
  if (o.beard) out.push(`<path d="M138 196Q142 272 200 276Q258 272 262 196Q250 236 200 238Q150 236 138 196Z" fill="${o.hair}"/>`);
  // Hair.
  switch (o.hairStyle) {
    case "short":
      out.push(
        `<path d="M134 176Q128 100 200 98Q272 100 266 176Q258 136 230 128Q200 140 160 132Q140 144 134 176Z" fill="${o.hair}"/>`,
      );
      break;
    case "side":
      out.push(
        `<path d="M134 184Q124 96 204 96Q276 100 268 180Q262 134 240 124Q196 146 146 138Q138 156 134 184Z" fill="${o.hair}"/>`,
      );
      break;
    case "long":
      out.push(`<path d="M134 190Q128 100 200 100Q272 100 266 190Q252 130 200 126Q150 130 134 190Z" fill="${o.hair}"/>`);
      break;
    case "bun":
      out.push(circle(200, 92, 30, o.hair));
      out.push(`<path d="M134 186Q128 104 200 104Q272 104 266 186Q254 136 200 132Q148 136 134 186Z" fill="${o.hair}"/>`);
      break;
  }
  if (o.glasses) {
    out.push(
      `<g fill="none" stroke="${PALETTE.ink}" stroke-width="5">${circle(176, 190, 20, "none")}${circle(224, 190, 20, "none")}${line(196, 190, 204, 190, PALETTE.ink, 5)}</g>`,
    );
  }
  return svg(400, 400, out.join("\n"));
}
