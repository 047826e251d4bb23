/**
 * Profile photos of the demo experts, drawn at seed time: an illustrated head-and-shoulders
 * portrait on a colour, encoded as a small PNG with node:zlib (no network, no image library).
 * Shapes are signed distance functions, so edges are smooth at one sample per pixel. The same
 * portrait and name always give the same bytes.
 */
import { crc32, deflateSync } from 'node:zlib';

export type HairStyle = 'short' | 'long' | 'bob' | 'bun' | 'curly' | 'bald';
type Rgb = readonly [number, number, number];

const SKIN_TONES = {
  light: [247, 217, 196],
  fair: [238, 196, 166],
  medium: [214, 160, 120],
  olive: [196, 142, 98],
  brown: [148, 98, 64],
  deep: [98, 64, 44],
} as const satisfies Record<string, Rgb>;

const HAIR_COLOURS = {
  black: [38, 32, 32],
  'dark brown': [74, 50, 36],
  brown: [120, 80, 50],
  auburn: [146, 64, 40],
  blond: [220, 184, 118],
  grey: [168, 168, 172],
} as const satisfies Record<string, Rgb>;

export interface Portrait {
  skin: keyof typeof SKIN_TONES;
  hair: HairStyle;
  hairColour: keyof typeof HAIR_COLOURS;
  glasses?: boolean;
  beard?: boolean;
}

const BACKGROUNDS: Rgb[] = [
  [201, 222, 245],
  [212, 236, 219],
  [250, 226, 200],
  [234, 216, 245],
  [250, 216, 222],
  [208, 235, 235],
  [241, 234, 204],
  [222, 226, 241],
];
const JACKETS: Rgb[] = [
  [38, 56, 96],
  [60, 64, 72],
  [24, 102, 108],
  [118, 38, 56],
  [92, 98, 60],
  [176, 132, 86],
  [70, 96, 150],
  [34, 34, 40],
];
const SHIRTS: Rgb[] = [
  [246, 246, 246],
  [214, 228, 244],
  [238, 232, 220],
];
const FEATURES: Rgb = [46, 38, 36];

export const PHOTO_SIZE = 256;

/** The portrait as a PNG (RGB, PHOTO_SIZE square); `name` picks the background and clothes. */
export function portraitPng(portrait: Portrait, name: string): Buffer {
  const { background, shapes } = portraitLayers(portrait, pickerFor(name));
  const pixels = new Uint8Array(PHOTO_SIZE * PHOTO_SIZE * 3);
  for (let top = 0; top < PHOTO_SIZE; top += TILE) {
    for (let left = 0; left < PHOTO_SIZE; left += TILE) paintTile(pixels, left, top, background, shapes);
  }
  return encodePng(PHOTO_SIZE, PHOTO_SIZE, pixels);
}

/**
 * Pixels are painted in tiles, and a shape whose distance at a tile's centre exceeds the tile's
 * reach covers all of it or none of it: only tiles on an edge pay for a distance per pixel.
 */
const TILE = 8;
/** Half the tile's diagonal, plus a margin for distances that are estimates (ellipses). */
const TILE_REACH = ((TILE * Math.SQRT2) / 2) * 1.5 + 1;

function paintTile(pixels: Uint8Array, left: number, top: number, background: Rgb, shapes: Layer[]): void {
  const layers: Layer[] = [];
  const onEdge: boolean[] = [];
  for (const layer of shapes) {
    const [u0, v0, u1, v1] = layer.box;
    if ((left + TILE) / PHOTO_SIZE < u0 || left / PHOTO_SIZE > u1 || (top + TILE) / PHOTO_SIZE < v0 || top / PHOTO_SIZE > v1) continue;
    const centre = layer.distance((left + TILE / 2) / PHOTO_SIZE, (top + TILE / 2) / PHOTO_SIZE) * PHOTO_SIZE;
    if (centre > TILE_REACH) continue;
    layers.push(layer);
    onEdge.push(centre >= -TILE_REACH);
  }
  for (let y = top; y < top + TILE; y++) {
    for (let x = left; x < left + TILE; x++) {
      const u = (x + 0.5) / PHOTO_SIZE;
      const v = (y + 0.5) / PHOTO_SIZE;
      let r = background[0];
      let g = background[1];
      let b = background[2];
      for (let i = 0; i < layers.length; i++) {
        const colour = layers[i].colour;
        const coverage = onEdge[i] ? Math.min(1, Math.max(0, 0.5 - layers[i].distance(u, v) * PHOTO_SIZE)) : 1;
        r += (colour[0] - r) * coverage;
        g += (colour[1] - g) * coverage;
        b += (colour[2] - b) * coverage;
      }
      const at = (y * PHOTO_SIZE + x) * 3;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
}

// Shapes ------------------------------------------------------------------------------------------

/** Signed distance in photo units (the photo is 1 wide): negative inside. */
type Distance = (u: number, v: number) => number;

interface Layer {
  colour: Rgb;
  distance: Distance;
  /** Bounds (u0, v0, u1, v1) outside which the shape is surely absent: most pixels skip it. */
  box: readonly [number, number, number, number];
}

/** Math.hypot is several times slower, and this runs for every pixel and shape. */
const norm = (x: number, y: number) => Math.sqrt(x * x + y * y);

const circle =
  (cx: number, cy: number, r: number): Distance =>
  (u, v) =>
    norm(u - cx, v - cy) - r;

const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Distance =>
  (u, v) => {
    const px = u - cx;
    const py = v - cy;
    const k0 = norm(px / rx, py / ry);
    const k1 = norm(px / (rx * rx), py / (ry * ry));
    return k1 === 0 ? -Math.min(rx, ry) : (k0 * (k0 - 1)) / k1;
  };

const roundedBox =
  (cx: number, cy: number, halfWidth: number, halfHeight: number, radius: number): Distance =>
  (u, v) => {
    const qx = Math.abs(u - cx) - halfWidth + radius;
    const qy = Math.abs(v - cy) - halfHeight + radius;
    return norm(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  };

const segment =
  (ax: number, ay: number, bx: number, by: number, thickness: number): Distance =>
  (u, v) => {
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.min(1, Math.max(0, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy)));
    return norm(u - ax - t * dx, v - ay - t * dy) - thickness / 2;
  };

const ring =
  (cx: number, cy: number, r: number, thickness: number): Distance =>
  (u, v) =>
    Math.abs(norm(u - cx, v - cy) - r) - thickness / 2;

/** Above the line through (0.5, y) with this slope (v grows downwards). */
const above =
  (y: number, slope = 0): Distance =>
  (u, v) =>
    v - (y + slope * (u - 0.5));
const below =
  (y: number): Distance =>
  (_u, v) =>
    y - v;
/** Further than `half` from the vertical middle line. */
const sides =
  (half: number): Distance =>
  (u) =>
    half - Math.abs(u - 0.5);
/** A downward-pointing triangle of this width at `top`, reaching `bottom` (exact along its edges). */
const vNeck = (halfWidth: number, top: number, bottom: number): Distance => {
  const edge = norm(bottom - top, halfWidth);
  return (u, v) => Math.max(top - v, ((bottom - top) * Math.abs(u - 0.5) + halfWidth * (v - bottom)) / edge);
};

/** Intersection and union of shapes. */
const both =
  (...shapes: Distance[]): Distance =>
  (u, v) => {
    let distance = -Infinity;
    for (const shape of shapes) distance = Math.max(distance, shape(u, v));
    return distance;
  };
const either =
  (...shapes: Distance[]): Distance =>
  (u, v) => {
    let distance = Infinity;
    for (const shape of shapes) distance = Math.min(distance, shape(u, v));
    return distance;
  };

/** Darker by `amount` (0 to 1); a negative amount lightens. */
const shade = (colour: Rgb, amount: number): Rgb => [0, 1, 2].map((i) => Math.min(255, colour[i] * (1 - amount))) as unknown as Rgb;

function portraitLayers(portrait: Portrait, pick: <T>(list: readonly T[]) => T): { background: Rgb; shapes: Layer[] } {
  const skin = SKIN_TONES[portrait.skin];
  const hair = HAIR_COLOURS[portrait.hairColour];
  const jacket = pick(JACKETS);
  const shirt = pick(SHIRTS);
  const fringeSlope = pick([-0.35, -0.2, 0.2, 0.35]);
  const head = ellipse(0.5, 0.4, 0.155, 0.195);
  const hairCap = ellipse(0.5, 0.375, 0.172, 0.2);
  const torso = ellipse(0.5, 0.97, 0.43, 0.3);
  const shapes: Layer[] = [
    { colour: jacket, distance: torso, box: [0.06, 0.66, 0.94, 1] },
    { colour: shirt, distance: both(vNeck(0.085, 0.645, 0.84), torso), box: [0.4, 0.63, 0.6, 0.86] },
  ];
  // Long hair falls to the shoulders, a bob to the chin; both hide the ears.
  const hairBack =
    portrait.hair === 'long' ? roundedBox(0.5, 0.5, 0.205, 0.3, 0.14) : portrait.hair === 'bob' ? roundedBox(0.5, 0.43, 0.2, 0.19, 0.11) : undefined;
  if (hairBack) shapes.push({ colour: hair, distance: hairBack, box: [0.27, 0.17, 0.73, 0.82] });
  shapes.push({ colour: shade(skin, 0.14), distance: roundedBox(0.5, 0.615, 0.068, 0.075, 0.03), box: [0.42, 0.53, 0.58, 0.7] });
  if (!hairBack) {
    for (const side of [-1, 1])
      shapes.push({ colour: shade(skin, 0.06), distance: ellipse(0.5 + side * 0.152, 0.42, 0.028, 0.045), box: [0.3, 0.36, 0.7, 0.48] });
  }
  shapes.push({ colour: skin, distance: head, box: [0.34, 0.2, 0.66, 0.6] });
  if (portrait.beard) {
    shapes.push({ colour: hair, distance: both(head, below(0.468)), box: [0.34, 0.46, 0.66, 0.61] });
  }
  const hairFront = hairFrontOf(portrait.hair, hairCap, fringeSlope);
  if (hairFront) shapes.push({ colour: hair, distance: hairFront, box: [0.26, 0.08, 0.74, 0.52] });
  shapes.push(...faceLayers(portrait, skin, hair));
  return { background: pick(BACKGROUNDS), shapes };
}

function hairFrontOf(style: HairStyle, cap: Distance, fringeSlope: number): Distance | undefined {
  const temples = both(sides(0.128), above(0.42));
  switch (style) {
    case 'short':
      return both(cap, either(above(0.3, fringeSlope * 0.4), temples));
    case 'long':
    case 'bob':
      return both(cap, either(above(0.31, fringeSlope), both(sides(0.12), above(0.5))));
    case 'bun':
      return either(circle(0.5, 0.17, 0.072), both(cap, either(above(0.3), temples)));
    case 'curly': {
      const curls = Array.from({ length: 10 }, (_, i) => {
        const angle = Math.PI * (1 + i / 9);
        return circle(0.5 + 0.165 * Math.cos(angle), 0.37 + 0.19 * Math.sin(angle), 0.058);
      });
      return either(both(cap, either(above(0.32), temples)), ...curls);
    }
    case 'bald':
      return both(ellipse(0.5, 0.4, 0.165, 0.2), sides(0.135), ellipse(0.5, 0.4, 0.22, 0.055));
  }
}

function faceLayers(portrait: Portrait, skin: Rgb, hair: Rgb): Layer[] {
  const face: Layer[] = [];
  const brow = portrait.hairColour === 'grey' || portrait.hairColour === 'blond' ? shade(hair, 0.35) : hair;
  for (const side of [-1, 1]) {
    const x = 0.5 + side * 0.058;
    face.push({ colour: FEATURES, distance: circle(x, 0.42, 0.0145), box: [0.38, 0.39, 0.62, 0.45] });
    face.push({ colour: brow, distance: segment(x - 0.028, 0.385 - side * 0.002, x + 0.028, 0.385 + side * 0.002, 0.011), box: [0.38, 0.36, 0.62, 0.4] });
    if (portrait.glasses) face.push({ colour: FEATURES, distance: ring(x, 0.42, 0.04, 0.008), box: [0.39, 0.37, 0.61, 0.47] });
  }
  if (portrait.glasses) face.push({ colour: FEATURES, distance: segment(0.482, 0.418, 0.518, 0.418, 0.008), box: [0.47, 0.4, 0.53, 0.43] });
  face.push({ colour: shade(skin, 0.18), distance: segment(0.5, 0.432, 0.492, 0.466, 0.012), box: [0.47, 0.42, 0.52, 0.48] });
  const lips: Rgb = portrait.beard ? shade(skin, -0.1) : [Math.min(255, skin[0] * 0.85 + 30), skin[1] * 0.6, skin[2] * 0.6];
  face.push({ colour: lips, distance: both(ring(0.5, 0.473, 0.048, 0.012), below(0.498)), box: [0.44, 0.49, 0.56, 0.535] });
  return face;
}

/** Deterministic choices from a name (FNV-1a, then a small LCG per pick). */
function pickerFor(name: string): <T>(list: readonly T[]) => T {
  let state = 0x811c9dc5;
  for (const char of name) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return <T>(list: readonly T[]) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return list[(state >>> 8) % list.length];
  };
}

// PNG ---------------------------------------------------------------------------------------------

/** An 8-bit RGB PNG: every row filtered "Up" (flat colour rows compress to almost nothing). */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    rows[out] = 2;
    for (let i = 0; i < stride; i++) rows[out + 1 + i] = rgb[y * stride + i] - (y > 0 ? rgb[(y - 1) * stride + i] : 0);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filters, no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
