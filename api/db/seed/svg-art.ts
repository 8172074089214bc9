/**
 * Demo artwork as SVG strings: artist icons and covers, banners and goods pictures. Every picture
 * is a pure function of its input, and its randomness comes from a generator seeded by a string
 * (the slug), so a reseed draws the same pictures and tests can compare them.
 *
 * The pictures are served as files (`<img src>`), never inlined into a page, so plain element ids
 * such as `bg` cannot collide with another document's.
 */

export const ART_FONT = 'Hiragino Sans, Noto Sans JP, sans-serif';

/** The colours and mark that make an artist's pictures recognisably theirs. */
export interface ArtistPalette {
  /** A pale colour (the artist's background colour). */
  background: string;
  /** A stronger colour of the same artist, dark enough to carry white text. */
  accent: string;
  /** One to three characters drawn as a monogram. */
  mark: string;
}

export interface ArtistArt extends ArtistPalette {
  seed: string;
  /** The picture's accessible name: the artist's name. */
  title: string;
}

export interface BannerArt {
  seed: string;
  title: string;
  subtitle: string;
  from: string;
  to: string;
  accent: string;
}

export const GOODS_ART_KINDS = ['giftbox', 'plush', 'daruma', 'acrylic', 'badge', 'card', 'tapestry'] as const;
export type GoodsArtKind = (typeof GOODS_ART_KINDS)[number];

export interface GoodsArt extends ArtistArt {
  kind: GoodsArtKind;
}

// ---------------------------------------------------------------------------------------------
// Text, numbers and colours

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for element content and attribute values alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/** Whole pixels for coordinates, one decimal for small values: plenty at these sizes, and small files. */
function n(value: number): string {
  const rounded = Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return String(rounded).replace(/^(-?)0\./, '$1.');
}

function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1] ?? '0', 16), parseInt(m[2] ?? '0', 16), parseInt(m[3] ?? '0', 16)];
}

/** Linear blend of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const channel = (i: 0 | 1 | 2): string =>
    Math.round(ca[i] + (cb[i] - ca[i]) * t).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

const lighten = (color: string, t: number): string => mix(color, '#ffffff', t);
const darken = (color: string, t: number): string => mix(color, '#000000', t);
/** Ink for text on white: the accent pulled towards a deep plum keeps its hue and reads well. */
const ink = (accent: string): string => mix(accent, '#21162a', 0.62);

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  pick<T>(items: readonly [T, ...T[]]): T;
}

/** FNV-1a over code points: a stable 32-bit hash of any string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough to scatter stars. */
export function createRng(seed: string): Rng {
  let state = hashString(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    pick: (items) => items[Math.floor(next() * items.length)] ?? items[0],
  };
}

// ---------------------------------------------------------------------------------------------
// Building blocks

function svgDocument(width: number, height: number, title: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`
    + `<title>${escapeXml(title)}</title><defs>${defs}</defs>${body}</svg>`;
}

function linearGradient(id: string, colors: readonly string[], x2 = 1, y2 = 1): string {
  const last = Math.max(colors.length - 1, 1);
  const stops = colors.map((c, i) => `<stop offset="${n(i / last)}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops}</linearGradient>`;
}

function radialGradient(id: string, inner: string, outer: string): string {
  return `<radialGradient id="${id}" cx="0.38" cy="0.34" r="0.75"><stop offset="0" stop-color="${inner}"/>`
    + `<stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

/** Unit shapes drawn once and placed with <use>, so a sky of stars costs a few bytes each. */
function unitStar(): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const r = i % 2 === 0 ? 1 : 0.45;
    // Two decimals: the unit shape is scaled up, so one decimal would show as wobbly points.
    const at = (v: number): string => String(Math.round(v * r * 100) / 100 || 0);
    points.push(`${at(Math.cos(angle))} ${at(Math.sin(angle))}`);
  }
  return `<path id="star" d="M${points.join('L')}Z"/>`;
}
const UNIT_SHAPES = unitStar()
  + '<path id="spark" d="M0-1Q.12-.12 1 0Q.12.12 0 1Q-.12.12-1 0Q-.12-.12 0-1Z"/>'
  + '<path id="heart" d="M0 .42C-.62 0-.56-.62 0-.3C.56-.62.62 0 0 .42Z"/>'
  + '<rect id="confetti" x="-6" y="-12" width="12" height="24" rx="4"/>';

type UnitShape = 'star' | 'spark' | 'heart' | 'confetti';

function place(shape: UnitShape, x: number, y: number, size: number, fill: string, opacity = 1, rotate = 0): string {
  const scale = size === 1 ? '' : ` scale(${n(size)})`;
  const turn = rotate ? ` rotate(${n(rotate)})` : '';
  const alpha = n(opacity) === '1' ? '' : ` opacity="${n(opacity)}"`;
  return `<use href="#${shape}" transform="translate(${n(x)} ${n(y)})${scale}${turn}" fill="${fill}"${alpha}/>`;
}

interface Area {
  width: number;
  height: number;
  /** Keeps scattered shapes below a decoration along the top edge. */
  top?: number;
}

function bokeh(rng: Rng, area: Area, count: number, minR: number, maxR: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = rng.range(minR, maxR);
    out += `<circle cx="${n(rng.range(0, area.width))}" cy="${n(rng.range(0, area.height))}" r="${n(r)}" fill="#fff" opacity="${n(rng.range(0.14, 0.34))}"/>`;
  }
  return out;
}

function scatter(rng: Rng, area: Area, shape: UnitShape, count: number, colors: readonly [string, ...string[]], minSize: number, maxSize: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += place(shape, rng.range(20, area.width - 20), rng.range(area.top ?? 20, area.height - 20), rng.range(minSize, maxSize),
      rng.pick(colors), rng.range(0.65, 1), rng.range(-30, 30));
  }
  return out;
}

function confetti(rng: Rng, area: Area, count: number, colors: readonly [string, ...string[]]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += place('confetti', rng.range(0, area.width), rng.range(area.top ?? 0, area.height), 1, rng.pick(colors), 1, rng.range(0, 180));
  }
  return out;
}

/** A flowing ribbon across the picture: a thick translucent band with a thin bright line on it. */
function ribbon(rng: Rng, area: Area, color: string): string {
  const y0 = rng.range(area.height * 0.55, area.height * 0.85);
  const y3 = rng.range(area.height * 0.35, area.height * 0.7);
  const c1 = rng.range(-area.height * 0.2, area.height * 0.4);
  const c2 = rng.range(area.height * 0.7, area.height * 1.2);
  const d = `M-40 ${n(y0)}C${n(area.width * 0.3)} ${n(c1)} ${n(area.width * 0.65)} ${n(c2)} ${n(area.width + 40)} ${n(y3)}`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="34" stroke-linecap="round" opacity=".32"/>`
    + `<path d="${d}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".75" transform="translate(0 -6)"/>`;
}

/** Party bunting hung along a sagging string across the top edge. */
function bunting(width: number, colors: readonly string[]): string {
  const flags = 13;
  const sag = 70;
  const at = (t: number): [number, number] => [t * width, 26 + sag * 4 * t * (1 - t)];
  let out = `<path d="M0 26Q${n(width / 2)} ${n(26 + sag * 2)} ${width} 26" fill="none" stroke="#fff" stroke-width="4" opacity=".9"/>`;
  for (let i = 0; i < flags; i++) {
    const [x1, y1] = at((i + 0.12) / flags);
    const [x2, y2] = at((i + 0.88) / flags);
    const color = colors[i % colors.length] ?? '#fff';
    out += `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}L${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + 62)}Z" fill="${color}"/>`;
  }
  return out;
}

/**
 * Rough rendered width in ems: CJK and full-width glyphs are square, Latin ones narrower. The Latin
 * widths are generous, since the fallback font may be a wide one, and overflowing text looks broken.
 */
export function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80) ems += 1;
    else if (ch === ' ') ems += 0.32;
    else if (/[A-Z&]/.test(ch)) ems += 0.76;
    else ems += 0.64;
  }
  return ems;
}

function fitFontSize(text: string, maxWidth: number, maxSize: number): number {
  return Math.floor(Math.min(maxSize, maxWidth / Math.max(textEms(text), 1)));
}

function centredText(text: string, x: number, y: number, size: number, fill: string, extra = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${ART_FONT}" font-size="${size}" font-weight="800" fill="${fill}" `
    + `text-anchor="middle" dominant-baseline="central"${extra}>${escapeXml(text)}</text>`;
}

// ---------------------------------------------------------------------------------------------
// Artist icon and cover

/** A 512×512 monogram medallion on a gradient, with soft bokeh and sparkles. */
export function artistIcon(art: ArtistArt): string {
  const rng = createRng(`${art.seed}:icon`);
  const area = { width: 512, height: 512 };
  const defs = linearGradient('bg', [lighten(art.background, 0.3), mix(art.background, art.accent, 0.5)]) + UNIT_SHAPES;
  const size = fitFontSize(art.mark, 230, 170);
  const body = '<rect width="512" height="512" fill="url(#bg)"/>'
    + bokeh(rng, area, 5, 40, 120)
    + scatter(rng, area, 'spark', 8, ['#fff', lighten(art.accent, 0.4)], 10, 26)
    + `<circle cx="256" cy="262" r="178" fill="${art.accent}" opacity=".2"/>`
    + `<circle cx="256" cy="256" r="166" fill="#fff"/>`
    + `<circle cx="256" cy="256" r="166" fill="none" stroke="${art.accent}" stroke-width="12"/>`
    + `<circle cx="256" cy="256" r="142" fill="none" stroke="${lighten(art.accent, 0.45)}" stroke-width="5" stroke-dasharray="1 15" stroke-linecap="round"/>`
    + centredText(art.mark, 256, 262, size, ink(art.accent))
    + place('heart', 392, 392, 70, art.accent, 1, 12)
    + place('star', 118, 120, 30, '#fff', 1, -12);
  return svgDocument(512, 512, art.title, defs, body);
}

/** A 1600×600 festive header: gradient sky, bunting, ribbons, stars and confetti. */
export function artistCover(art: ArtistArt): string {
  const rng = createRng(`${art.seed}:cover`);
  const area = { width: 1600, height: 600, top: 170 };
  const soft = lighten(art.accent, 0.5);
  const defs = linearGradient('bg', [lighten(art.background, 0.25), art.background, mix(art.background, art.accent, 0.35)], 1, 0.4)
    + UNIT_SHAPES;
  const body = '<rect width="1600" height="600" fill="url(#bg)"/>'
    + bokeh(rng, area, 7, 60, 210)
    + ribbon(rng, area, art.accent)
    + ribbon(rng, area, soft)
    + confetti(rng, area, 12, [art.accent, soft, '#fff'])
    + scatter(rng, area, 'star', 10, ['#fff', art.accent, soft], 10, 30)
    + scatter(rng, area, 'spark', 7, ['#fff'], 12, 26)
    + scatter(rng, area, 'heart', 4, [art.accent, '#fff'], 30, 48)
    + bunting(1600, [art.accent, '#fff', soft, mix(art.background, art.accent, 0.7)]);
  return svgDocument(1600, 600, art.title, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Banner

/**
 * A 1600×600 banner: confetti art only. The headline is HTML laid over it by the page (readable on
 * a phone, translatable, indexable), so the picture carries no words; `art.title` names the SVG.
 */
export function bannerImage(art: BannerArt): string {
  const rng = createRng(`${art.seed}:banner`);
  const area = { width: 1600, height: 600 };
  const defs = linearGradient('bg', [art.from, art.to], 1, 0.6) + UNIT_SHAPES;
  const body = '<rect width="1600" height="600" fill="url(#bg)"/>'
    + bokeh(rng, area, 6, 60, 180)
    + confetti(rng, area, 12, [art.accent, '#fff', lighten(art.accent, 0.5)])
    + scatter(rng, area, 'star', 9, ['#fff', art.accent], 14, 32)
    + place('heart', 1240, 300, 180, lighten(art.accent, 0.2), 1, 10)
    + place('spark', 1420, 150, 60, '#fff')
    + place('star', 1060, 470, 70, art.accent);
  return svgDocument(1600, 600, art.title, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Goods

interface GoodsColors {
  main: string;
  light: string;
  dark: string;
  ink: string;
  mark: string;
}

const FACE_INK = '#3a2b33';

function giftbox(c: GoodsColors): string {
  return `<rect x="136" y="240" width="240" height="184" rx="14" fill="${c.main}"/>`
    + `<circle cx="176" cy="400" r="9" fill="#fff" opacity=".35"/><circle cx="340" cy="270" r="9" fill="#fff" opacity=".35"/>`
    + `<circle cx="330" cy="390" r="6" fill="#fff" opacity=".35"/>`
    + `<rect x="120" y="196" width="272" height="62" rx="14" fill="${lighten(c.main, 0.12)}"/>`
    + `<rect x="120" y="246" width="272" height="12" fill="${c.dark}" opacity=".18"/>`
    + `<rect x="234" y="196" width="44" height="228" fill="#fff"/>`
    + `<rect x="234" y="196" width="44" height="228" fill="${c.light}" opacity=".5"/>`
    + `<ellipse cx="212" cy="172" rx="50" ry="28" transform="rotate(-24 212 172)" fill="#fff" stroke="${c.light}" stroke-width="8"/>`
    + `<ellipse cx="300" cy="172" rx="50" ry="28" transform="rotate(24 300 172)" fill="#fff" stroke="${c.light}" stroke-width="8"/>`
    + `<circle cx="256" cy="190" r="20" fill="#fff" stroke="${c.light}" stroke-width="6"/>`
    + centredText('?', 186, 338, 78, '#fff')
    + centredText(c.mark, 330, 338, fitFontSize(c.mark, 70, 48), '#fff', ' opacity=".9"');
}

/** Ear styles give each plush a little character of its own. */
function plushEars(style: 'round' | 'floppy' | 'bunny', c: GoodsColors): string {
  if (style === 'bunny') {
    return `<ellipse cx="206" cy="120" rx="30" ry="76" transform="rotate(-10 206 120)" fill="${c.main}"/>`
      + `<ellipse cx="306" cy="120" rx="30" ry="76" transform="rotate(10 306 120)" fill="${c.main}"/>`
      + `<ellipse cx="206" cy="124" rx="14" ry="50" transform="rotate(-10 206 124)" fill="${c.light}"/>`
      + `<ellipse cx="306" cy="124" rx="14" ry="50" transform="rotate(10 306 124)" fill="${c.light}"/>`;
  }
  if (style === 'floppy') {
    return `<ellipse cx="160" cy="236" rx="34" ry="62" transform="rotate(24 160 236)" fill="${c.dark}"/>`
      + `<ellipse cx="352" cy="236" rx="34" ry="62" transform="rotate(-24 352 236)" fill="${c.dark}"/>`;
  }
  return `<circle cx="174" cy="156" r="46" fill="${c.main}"/><circle cx="338" cy="156" r="46" fill="${c.main}"/>`
    + `<circle cx="174" cy="156" r="24" fill="${c.light}"/><circle cx="338" cy="156" r="24" fill="${c.light}"/>`;
}

function plush(c: GoodsColors, rng: Rng): string {
  const ears = rng.pick(['round', 'floppy', 'bunny'] as const);
  return `<ellipse cx="256" cy="374" rx="112" ry="82" fill="${c.main}"/>`
    + `<ellipse cx="160" cy="356" rx="30" ry="44" transform="rotate(30 160 356)" fill="${c.main}"/>`
    + `<ellipse cx="352" cy="356" rx="30" ry="44" transform="rotate(-30 352 356)" fill="${c.main}"/>`
    + `<ellipse cx="206" cy="440" rx="36" ry="22" fill="${c.main}"/><ellipse cx="306" cy="440" rx="36" ry="22" fill="${c.main}"/>`
    + `<ellipse cx="256" cy="388" rx="56" ry="44" fill="${c.light}"/>`
    + place('heart', 256, 388, 40, c.dark)
    + (ears === 'floppy' ? '' : plushEars(ears, c))
    + `<circle cx="256" cy="236" r="112" fill="${c.main}"/>`
    + (ears === 'floppy' ? plushEars(ears, c) : '')
    + `<ellipse cx="256" cy="270" rx="46" ry="34" fill="${c.light}"/>`
    + `<circle cx="216" cy="228" r="11" fill="${FACE_INK}"/><circle cx="296" cy="228" r="11" fill="${FACE_INK}"/>`
    + '<circle cx="220" cy="224" r="3.5" fill="#fff"/><circle cx="300" cy="224" r="3.5" fill="#fff"/>'
    + `<ellipse cx="256" cy="258" rx="13" ry="9" fill="${FACE_INK}"/>`
    + `<path d="M242 276Q249 286 256 276Q263 286 270 276" fill="none" stroke="${FACE_INK}" stroke-width="4" stroke-linecap="round"/>`
    + '<ellipse cx="192" cy="266" rx="17" ry="10" fill="#ff8fa8" opacity=".55"/>'
    + '<ellipse cx="320" cy="266" rx="17" ry="10" fill="#ff8fa8" opacity=".55"/>';
}

/** A daruma with one eye painted in: the other is filled in when the wish comes true. */
function daruma(c: GoodsColors): string {
  const gold = '#e8b64c';
  return `<ellipse cx="256" cy="282" rx="156" ry="170" fill="${c.main}"/>`
    + `<ellipse cx="210" cy="170" rx="60" ry="30" transform="rotate(-30 210 170)" fill="#fff" opacity=".2"/>`
    + '<ellipse cx="256" cy="236" rx="96" ry="82" fill="#fff6ec"/>'
    + `<path d="M194 190Q214 178 236 188M276 188Q298 178 318 190" fill="none" stroke="${FACE_INK}" stroke-width="9" stroke-linecap="round"/>`
    + '<circle cx="218" cy="230" r="20" fill="#fff" stroke="#3a2b33" stroke-width="4"/>'
    + `<circle cx="218" cy="230" r="12" fill="${FACE_INK}"/>`
    + '<circle cx="294" cy="230" r="20" fill="#fff" stroke="#3a2b33" stroke-width="4"/>'
    + `<path d="M230 274Q256 294 282 274" fill="none" stroke="${FACE_INK}" stroke-width="7" stroke-linecap="round"/>`
    + '<ellipse cx="196" cy="262" rx="14" ry="8" fill="#ff8fa8" opacity=".6"/><ellipse cx="316" cy="262" rx="14" ry="8" fill="#ff8fa8" opacity=".6"/>'
    + `<path d="M146 340Q256 392 366 340" fill="none" stroke="${gold}" stroke-width="10" stroke-linecap="round"/>`
    + `<circle cx="256" cy="388" r="40" fill="${gold}"/>`
    + centredText(c.mark, 256, 390, fitFontSize(c.mark, 60, 46), c.main);
}

function acrylicFigure(c: GoodsColors): string {
  return '<g id="fig">'
    + `<path d="M190 398Q190 252 256 248Q322 252 322 398Z" fill="${c.main}"/>`
    + `<circle cx="256" cy="176" r="62" fill="${c.dark}"/>`
    + '<circle cx="256" cy="188" r="50" fill="#fff1e8"/>'
    + `<path d="M206 168Q232 126 300 150Q290 128 256 124Q206 128 206 168Z" fill="${c.dark}"/>`
    + '</g>';
}

function acrylic(c: GoodsColors): string {
  return '<ellipse cx="256" cy="424" rx="132" ry="26" fill="#fff" opacity=".75"/>'
    + `<ellipse cx="256" cy="424" rx="132" ry="26" fill="none" stroke="${c.light}" stroke-width="4"/>`
    + `<rect x="150" y="72" width="212" height="350" rx="30" fill="#fff" opacity=".4" stroke="#fff" stroke-width="4"/>`
    + acrylicFigure(c)
    + '<use href="#fig" stroke="#fff" stroke-width="18" stroke-linejoin="round"/><use href="#fig"/>'
    + `<circle cx="236" cy="190" r="6" fill="${FACE_INK}"/><circle cx="276" cy="190" r="6" fill="${FACE_INK}"/>`
    + '<ellipse cx="222" cy="208" rx="10" ry="6" fill="#ff8fa8" opacity=".6"/><ellipse cx="290" cy="208" rx="10" ry="6" fill="#ff8fa8" opacity=".6"/>'
    + centredText(c.mark, 256, 330, fitFontSize(c.mark, 90, 52), '#fff')
    + '<path d="M168 110L214 84L214 150L168 176Z" fill="#fff" opacity=".45"/>';
}

function badge(c: GoodsColors): string {
  return `<circle cx="360" cy="352" r="96" fill="${c.dark}"/><circle cx="360" cy="352" r="88" fill="${c.light}"/>`
    + place('star', 360, 352, 50, '#fff')
    + `<circle cx="232" cy="236" r="170" fill="${c.dark}"/>`
    + '<circle cx="232" cy="236" r="160" fill="url(#face)"/>'
    + '<circle cx="232" cy="236" r="132" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="2 14" stroke-linecap="round" opacity=".7"/>'
    + centredText(c.mark, 232, 244, fitFontSize(c.mark, 200, 130), '#fff')
    + '<path d="M116 196A124 124 0 0 1 196 116" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" opacity=".5"/>'
    + place('spark', 330, 130, 22, '#fff');
}

function card(c: GoodsColors): string {
  return `<rect x="150" y="92" width="220" height="310" rx="12" fill="#fff" stroke="${c.light}" stroke-width="4" transform="rotate(-9 260 247)"/>`
    + '<g transform="rotate(6 256 256)">'
    + `<rect x="146" y="100" width="220" height="310" rx="12" fill="#fff" stroke="${c.light}" stroke-width="3"/>`
    + '<rect x="162" y="116" width="188" height="232" rx="6" fill="url(#face)"/>'
    + '<circle cx="256" cy="206" r="42" fill="#fff" opacity=".9"/>'
    + '<path d="M186 348Q190 262 256 258Q322 262 326 348Z" fill="#fff" opacity=".9"/>'
    + place('spark', 326, 140, 18, '#fff')
    + `<path d="M182 382q16-22 32 0t32 0t32 0q14-16 30-4" fill="none" stroke="${c.ink}" stroke-width="4" stroke-linecap="round"/>`
    + '</g>';
}

function tapestry(c: GoodsColors): string {
  return `<path d="M150 102L256 44L362 102" fill="none" stroke="${FACE_INK}" stroke-width="4"/>`
    + `<circle cx="256" cy="44" r="8" fill="none" stroke="${FACE_INK}" stroke-width="4"/>`
    + '<path d="M132 108H380V396L256 452L132 396Z" fill="url(#face)"/>'
    + '<path d="M150 124H362V384L256 430L150 384Z" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="10 8" opacity=".7"/>'
    + '<rect x="110" y="94" width="292" height="18" rx="9" fill="#b98b5e"/>'
    + '<circle cx="110" cy="103" r="13" fill="#8d6440"/><circle cx="402" cy="103" r="13" fill="#8d6440"/>'
    + centredText(c.mark, 256, 262, fitFontSize(c.mark, 190, 120), '#fff')
    + place('star', 186, 170, 20, '#fff') + place('star', 330, 350, 16, '#fff') + place('heart', 322, 168, 22, '#fff')
    + `<path d="M256 452V476" stroke="${c.dark}" stroke-width="6"/><circle cx="256" cy="482" r="10" fill="${c.dark}"/>`;
}

function goodsBody(kind: GoodsArtKind, c: GoodsColors, rng: Rng): string {
  switch (kind) {
    case 'giftbox': return giftbox(c);
    case 'plush': return plush(c, rng);
    case 'daruma': return daruma(c);
    case 'acrylic': return acrylic(c);
    case 'badge': return badge(c);
    case 'card': return card(c);
    case 'tapestry': return tapestry(c);
  }
}

/** A 512×512 product shot of one piece of goods on a soft tile. */
export function goodsImage(art: GoodsArt): string {
  const rng = createRng(`${art.seed}:goods`);
  const colors: GoodsColors = {
    main: art.kind === 'plush' ? mix(art.background, art.accent, 0.55) : art.accent,
    light: lighten(art.accent, 0.55),
    dark: darken(art.accent, 0.18),
    ink: ink(art.accent),
    mark: art.mark,
  };
  const defs = linearGradient('bg', [lighten(art.background, 0.5), art.background])
    + radialGradient('face', lighten(art.accent, 0.35), art.accent)
    + UNIT_SHAPES;
  const body = '<rect width="512" height="512" fill="url(#bg)"/>'
    + scatter(rng, { width: 512, height: 512 }, 'spark', 6, ['#fff', lighten(art.accent, 0.4)], 8, 18)
    + `<ellipse cx="256" cy="452" rx="160" ry="22" fill="${darken(art.background, 0.3)}" opacity=".25"/>`
    + goodsBody(art.kind, colors, rng);
  return svgDocument(512, 512, art.title, defs, body);
}
