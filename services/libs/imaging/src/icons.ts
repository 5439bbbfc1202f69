/**
 * Small object icons (100×100 boxes) for props and accessories. Flat toy-like shapes with an
 * outline and one highlight; `accent` tints the main part.
 */
import { darken, lighten } from './util/color.js';
import { esc } from './util/svg.js';

const O = '#2a2230';
const s = (w = 3) => `stroke="${O}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;
const hi = (d: string) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="4" stroke-linecap="round"/>`;

type Draw = (accent: string) => string;

const ICONS: Record<string, Draw> = {
  mug: (a) => `<path d="M24 30h44v44a10 10 0 0 1-10 10H34a10 10 0 0 1-10-10z" fill="${a}" ${s()}/><path d="M68 40h6a10 10 0 0 1 0 22h-6" fill="none" ${s(5)}/><path d="M36 12c-4 6 4 8 0 14M48 10c-4 6 4 8 0 14" fill="none" stroke="#fff" stroke-width="3" opacity="0.8"/>${hi('M32 40v30')}`,
  book: (a) => `<path d="M14 24l36 8 36-8v54l-36 8-36-8z" fill="#fff8ea" ${s()}/><path d="M14 24l36 8v54l-36-8z" fill="${a}" ${s()}/><path d="M56 44l22-5M56 54l22-5M56 64l22-5" ${s(2)}/>`,
  guitar: (a) => `<path d="M58 12l22 22-6 6-22-22z" fill="#6b4a2f" ${s()}/><circle cx="40" cy="62" r="22" fill="${a}" ${s()}/><circle cx="54" cy="46" r="15" fill="${a}" ${s()}/><circle cx="42" cy="60" r="6" fill="${O}"/><path d="M38 64l34-34" ${s(2)}/>`,
  note: (a) => `<path d="M38 70V22l40-8v46" fill="none" ${s(6)}/><ellipse cx="30" cy="72" rx="12" ry="9" fill="${a}" ${s()}/><ellipse cx="70" cy="62" rx="12" ry="9" fill="${a}" ${s()}/>`,
  headphones: (a) => `<path d="M20 60V48a30 30 0 0 1 60 0v12" fill="none" ${s(7)}/><rect x="12" y="54" width="18" height="30" rx="8" fill="${a}" ${s()}/><rect x="70" y="54" width="18" height="30" rx="8" fill="${a}" ${s()}/>`,
  camera: (a) => `<rect x="10" y="30" width="80" height="52" rx="10" fill="${a}" ${s()}/><path d="M34 30l6-10h20l6 10" fill="${darken(a, 0.2)}" ${s()}/><circle cx="50" cy="56" r="18" fill="#2b3a55" ${s()}/><circle cx="50" cy="56" r="9" fill="#6fa8dc"/><circle cx="45" cy="51" r="4" fill="#fff"/>`,
  laptop: (a) => `<rect x="18" y="20" width="64" height="44" rx="4" fill="${a}" ${s()}/><rect x="24" y="26" width="52" height="32" fill="#bfe3ff"/><path d="M8 68h84l-6 12H14z" fill="${lighten(a, 0.3)}" ${s()}/><path d="M30 36h20M30 44h30" stroke="#2f6fe0" stroke-width="3"/>`,
  phone: (a) => `<rect x="30" y="10" width="40" height="80" rx="8" fill="${a}" ${s()}/><rect x="35" y="20" width="30" height="56" rx="3" fill="#bfe3ff"/><circle cx="50" cy="83" r="3" fill="${O}"/>${hi('M40 28l8-6')}`,
  sword: (a) => `<path d="M50 6l8 12v50H42V18z" fill="#dfe6ee" ${s()}/><rect x="28" y="66" width="44" height="9" rx="4" fill="${a}" ${s()}/><rect x="45" y="75" width="10" height="16" fill="#6b4a2f" ${s()}/>${hi('M50 16v46')}`,
  wand: (a) => `<path d="M20 84l42-42" ${s(8)}/><path d="M20 84l42-42" stroke="#5a3b8a" stroke-width="5" stroke-linecap="round"/><path d="M70 14l5 11 12 1-9 8 3 12-11-6-10 6 3-12-9-8 12-1z" fill="${a}" ${s(2)}/>`,
  umbrella: (a) => `<path d="M8 50a42 36 0 0 1 84 0c-7-6-14-6-21 0-7-6-14-6-21 0-7-6-14-6-21 0-7-6-14-6-21 0z" fill="${a}" ${s()}/><path d="M50 50v30a8 8 0 0 1-16 0" fill="none" ${s(4)}/>`,
  balloon: (a) => `<ellipse cx="50" cy="38" rx="26" ry="30" fill="${a}" ${s()}/><path d="M46 68h8l-4 6z" fill="${a}" ${s(2)}/><path d="M50 74c-6 8 6 12 0 22" fill="none" ${s(2)}/>${hi('M36 26a16 16 0 0 1 10-10')}`,
  flower: (a) => `<path d="M50 56v38" stroke="#3f8a3a" stroke-width="6"/><path d="M50 78c10-12 24-10 24-10s-4 14-24 10z" fill="#5cb85c" ${s(2)}/>${[0, 72, 144, 216, 288].map((d) => `<ellipse cx="50" cy="22" rx="12" ry="18" transform="rotate(${d} 50 40)" fill="${a}" ${s(2)}/>`).join('')}<circle cx="50" cy="40" r="10" fill="#ffd23f" ${s(2)}/>`,
  ball: (a) => `<circle cx="50" cy="50" r="38" fill="${a}" ${s()}/><path d="M14 44c20 6 52 6 72 0M50 12c-12 20-12 56 0 76" fill="none" stroke="#fff" stroke-width="4"/>${hi('M28 30a28 28 0 0 1 12-10')}`,
  pizza: (a) => `<path d="M14 22c24-10 48-10 72 0L50 90z" fill="#f7c65a" ${s()}/><path d="M14 22c24-10 48-10 72 0l-4 9c-22-8-42-8-64 0z" fill="#d9913a" ${s(2)}/><circle cx="40" cy="42" r="7" fill="${a}"/><circle cx="60" cy="46" r="6" fill="${a}"/><circle cx="50" cy="64" r="5" fill="${a}"/>`,
  cake: (a) => `<rect x="16" y="46" width="68" height="38" rx="6" fill="#f6d3a8" ${s()}/><path d="M16 52c8 10 14-6 22 4s14-6 22 4 16-6 24-4v-6a6 6 0 0 0-6-6H22a6 6 0 0 0-6 6z" fill="${a}" ${s(2)}/><rect x="46" y="22" width="8" height="20" fill="#9fd3ff" ${s(2)}/><path d="M50 8c6 6 4 12 0 12s-6-6 0-12z" fill="#ffb020"/>`,
  star: (a) => `<path d="M50 8l12 26 28 3-21 19 6 28-25-14-25 14 6-28-21-19 28-3z" fill="${a}" ${s()}/>${hi('M40 38l6-12')}`,
  heart: (a) => `<path d="M50 86C14 62 8 42 18 26c10-14 28-10 32 4 4-14 22-18 32-4 10 16 4 36-32 60z" fill="${a}" ${s()}/>${hi('M26 34a10 10 0 0 1 8-8')}`,
  crown: (a) => `<path d="M12 76l-2-44 22 18 18-28 18 28 22-18-2 44z" fill="${a}" ${s()}/><rect x="12" y="70" width="76" height="14" rx="3" fill="${darken(a, 0.15)}" ${s()}/><circle cx="50" cy="50" r="6" fill="#e0383e"/><circle cx="30" cy="60" r="4" fill="#2f6fe0"/><circle cx="70" cy="60" r="4" fill="#2f6fe0"/>`,
  brush: (a) => `<path d="M70 10l16 16-34 34-16-16z" fill="#c98a4a" ${s()}/><path d="M36 44l16 16c-4 14-20 26-40 26 4-6 2-14 4-22 2-12 10-18 20-20z" fill="${a}" ${s()}/>`,
  rocket: (a) => `<path d="M50 8c16 12 22 34 16 58H34C28 42 34 20 50 8z" fill="#eef2f7" ${s()}/><circle cx="50" cy="38" r="9" fill="#6fa8dc" ${s(2)}/><path d="M34 66l-12 16 16-4zM66 66l12 16-16-4z" fill="${a}" ${s()}/><path d="M40 70h20l-4 12H44z" fill="${a}" ${s()}/><path d="M44 86c2 6 10 6 12 0" fill="#ffb020"/>`,
  planet: (a) => `<circle cx="50" cy="50" r="26" fill="${a}" ${s()}/><ellipse cx="50" cy="52" rx="46" ry="12" fill="none" stroke="${O}" stroke-width="7" transform="rotate(-18 50 52)"/><ellipse cx="50" cy="52" rx="46" ry="12" fill="none" stroke="#ffd479" stroke-width="4" transform="rotate(-18 50 52)"/>`,
  leaf: (a) => `<path d="M16 84C12 40 40 14 86 12 86 58 60 86 16 84z" fill="${a === '#ffffff' ? '#5cb85c' : a}" ${s()}/><path d="M18 82C40 60 56 42 76 22" fill="none" ${s(2)}/>`,
  fish: (a) => `<path d="M12 50c18-24 50-26 66 0-16 26-48 24-66 0z" fill="${a}" ${s()}/><path d="M76 50l14-14v28z" fill="${a}" ${s()}/><circle cx="28" cy="46" r="4" fill="${O}"/>`,
  bone: () => `<path d="M26 40a10 10 0 1 1 10-12l28 0a10 10 0 1 1 10 12 10 10 0 1 1-10 12H36a10 10 0 1 1-10-12z" fill="#f7f0e0" ${s()} transform="translate(0 12)"/>`,
  dumbbell: (a) => `<rect x="30" y="45" width="40" height="10" fill="#b8bec8" ${s()}/><rect x="12" y="28" width="18" height="44" rx="4" fill="${a}" ${s()}/><rect x="70" y="28" width="18" height="44" rx="4" fill="${a}" ${s()}/>`,
  gamepad: (a) => `<path d="M20 34h60c10 0 16 30 10 40-6 8-16 2-22-6H32c-6 8-16 14-22 6-6-10 0-40 10-40z" fill="${a}" ${s()}/><path d="M28 50h14M35 43v14" ${s(4)}/><circle cx="64" cy="46" r="4" fill="#ffd23f"/><circle cx="72" cy="54" r="4" fill="#e0383e"/>`,
  pan: (a) => `<ellipse cx="40" cy="54" rx="30" ry="24" fill="#3b3f48" ${s()}/><ellipse cx="40" cy="52" rx="22" ry="16" fill="#5a606c"/><rect x="66" y="48" width="30" height="9" rx="4" fill="${a}" ${s()}/><ellipse cx="40" cy="52" rx="10" ry="7" fill="#ffd23f"/>`,
  skateboard: (a) => `<path d="M8 48h84a8 8 0 0 1 0 12H8a8 8 0 0 1 0-12z" fill="${a}" ${s()}/><circle cx="26" cy="70" r="7" fill="#ffd23f" ${s()}/><circle cx="74" cy="70" r="7" fill="#ffd23f" ${s()}/>`,
  bike: (a) => `<circle cx="26" cy="62" r="16" fill="none" ${s(5)}/><circle cx="74" cy="62" r="16" fill="none" ${s(5)}/><path d="M26 62l18-26h26l4 26M44 36l10 26h20M40 28h10" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
  sun: () => `${Array.from({ length: 8 }, (_, i) => `<rect x="46" y="4" width="8" height="18" rx="4" fill="#ffb020" transform="rotate(${i * 45} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="24" fill="#ffd23f" ${s()}/>`,
  surfboard: (a) => `<path d="M50 4c16 20 16 72 0 92-16-20-16-72 0-92z" fill="${a}" ${s()}/><path d="M50 10v80" stroke="#fff" stroke-width="4"/>`,
  yarn: (a) => `<circle cx="50" cy="50" r="32" fill="${a}" ${s()}/><path d="M24 36c16 8 36 8 52-2M20 54c20 10 44 10 60-4M28 72c14 4 30 2 44-8" fill="none" stroke="${darken(a, 0.25)}" stroke-width="3"/><path d="M78 68c8 8 12 16 4 24" fill="none" ${s(2)}/>`,
  mic: (a) => `<rect x="36" y="8" width="28" height="46" rx="14" fill="#b8bec8" ${s()}/><path d="M28 44a22 22 0 0 0 44 0" fill="none" ${s(4)}/><rect x="46" y="66" width="8" height="20" fill="${a}" ${s(2)}/><rect x="32" y="84" width="36" height="8" rx="4" fill="${a}" ${s(2)}/>`,
  key: (a) => `<circle cx="30" cy="50" r="18" fill="${a}" ${s()}/><circle cx="30" cy="50" r="7" fill="#fff"/><path d="M48 46h40v10h-8v10h-8V56h-6v8h-8V56H48z" fill="${a}" ${s()}/>`,
  map: (a) => `<path d="M10 22l26-8 28 8 26-8v64l-26 8-28-8-26 8z" fill="#f6e7c1" ${s()}/><path d="M36 14v64M64 22v64" ${s(2)}/><path d="M20 60c10-16 30-4 40-20s20-4 24-8" fill="none" stroke="${a}" stroke-width="4" stroke-dasharray="6 5"/><path d="M78 28l6 6m0-6l-6 6" stroke="#e0383e" stroke-width="4"/>`,
  glasses: (a) => `<circle cx="28" cy="52" r="18" fill="#bfe3ff" fill-opacity="0.6" stroke="${a}" stroke-width="7"/><circle cx="72" cy="52" r="18" fill="#bfe3ff" fill-opacity="0.6" stroke="${a}" stroke-width="7"/><path d="M46 50c3-4 5-4 8 0" fill="none" stroke="${a}" stroke-width="6"/>`,
  hat: (a) => `<ellipse cx="50" cy="70" rx="44" ry="12" fill="${darken(a, 0.15)}" ${s()}/><path d="M24 68c0-30 8-44 26-44s26 14 26 44z" fill="${a}" ${s()}/><path d="M25 60h50" stroke="${O}" stroke-width="8"/>`,
  shield: (a) => `<path d="M50 8l36 12c0 36-12 58-36 72C26 78 14 56 14 20z" fill="${a}" ${s()}/><path d="M50 28l7 14 15 2-11 10 3 15-14-8-14 8 3-15-11-10 15-2z" fill="#fff"/>`,
  gear: (a) => `${Array.from({ length: 8 }, (_, i) => `<rect x="43" y="6" width="14" height="20" rx="3" fill="${a}" ${s(2)} transform="rotate(${i * 45} 50 50)"/>`).join('')}<circle cx="50" cy="50" r="30" fill="${a}" ${s()}/><circle cx="50" cy="50" r="11" fill="#fff" ${s()}/>`,
  stethoscope: (a) => `<path d="M28 12v26a18 18 0 0 0 36 0V12" fill="none" ${s(6)}/><path d="M46 56v14a14 14 0 0 0 28 0v-8" fill="none" stroke="${a}" stroke-width="6"/><circle cx="74" cy="56" r="10" fill="#b8bec8" ${s()}/>`,
  flask: (a) => `<path d="M38 10h24v8h-4v22l24 40a8 8 0 0 1-7 12H25a8 8 0 0 1-7-12l24-40V18h-4z" fill="#eef6ff" ${s()}/><path d="M28 66h44l10 16a6 6 0 0 1-5 8H23a6 6 0 0 1-5-8z" fill="${a}"/><circle cx="44" cy="76" r="4" fill="#fff"/><circle cx="56" cy="70" r="3" fill="#fff"/>`,
  icecream: (a) => `<path d="M30 48h40L50 94z" fill="#e8b06a" ${s()}/><circle cx="50" cy="36" r="22" fill="${a}" ${s()}/><circle cx="50" cy="14" r="6" fill="#e0383e" ${s(2)}/>`,
  carrot: () => `<path d="M30 30c10-6 24-4 30 6L24 92C18 70 20 40 30 30z" fill="#f28c28" ${s()}/><path d="M52 28c4-12 14-18 24-16-4 10-10 16-22 18M50 26c-2-12 4-20 12-22" fill="#5cb85c" ${s(2)}/>`,
  honey: (a) => `<path d="M26 30h48v44a14 14 0 0 1-14 14H40a14 14 0 0 1-14-14z" fill="#f5a623" ${s()}/><rect x="22" y="18" width="56" height="14" rx="4" fill="${a}" ${s()}/><text x="50" y="66" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="16" text-anchor="middle" fill="${O}">HONEY</text>`,
  gem: (a) => `<path d="M26 18h48l16 22-40 48-40-48z" fill="${a}" ${s()}/><path d="M10 40h80M38 18l-6 22 18 48 18-48-6-22" fill="none" ${s(2)}/>${hi('M30 28l-6 8')}`,
  coin: () => `<circle cx="50" cy="50" r="38" fill="#f5c542" ${s()}/><circle cx="50" cy="50" r="28" fill="none" stroke="#c99a1c" stroke-width="4"/><text x="50" y="64" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="40" text-anchor="middle" fill="#a67c10">$</text>`,
  trophy: (a) => `<path d="M28 12h44v20a22 22 0 0 1-44 0z" fill="${a}" ${s()}/><path d="M28 18H14c0 14 6 22 16 22M72 18h14c0 14-6 22-16 22" fill="none" ${s(4)}/><rect x="44" y="54" width="12" height="16" fill="${a}" ${s()}/><rect x="30" y="70" width="40" height="16" rx="3" fill="#6b4a2f" ${s()}/>`,
  car: (a) => `<path d="M8 64V50l14-4 12-16h30l14 16 14 4v14z" fill="${a}" ${s()}/><path d="M38 34h12v12H28zM56 34h8l10 12H56z" fill="#bfe3ff"/><circle cx="28" cy="66" r="10" fill="#2a2230"/><circle cx="72" cy="66" r="10" fill="#2a2230"/><circle cx="28" cy="66" r="4" fill="#b8bec8"/><circle cx="72" cy="66" r="4" fill="#b8bec8"/>`,
  flame: () => `<path d="M50 6c8 18 30 28 30 54a30 30 0 0 1-60 0c0-14 8-22 14-28 0 10 4 14 8 16-2-16 2-30 8-42z" fill="#ff7a1a" ${s()}/><path d="M50 50c6 8 14 12 14 22a14 14 0 0 1-28 0c0-8 8-14 14-22z" fill="#ffd23f"/>`,
  table: (a) => `<rect x="6" y="34" width="88" height="12" rx="3" fill="${a}" ${s()}/><path d="M16 46v44M84 46v44" ${s(8)}/><path d="M16 46v44M84 46v44" stroke="${darken(a, 0.25)}" stroke-width="4"/>${hi('M14 38h40')}`,
  chessboard: () => chessboard(),
  cards: (a) => [-24, -8, 8, 24].map((d, i) => `<g transform="rotate(${d} 50 92)"><rect x="34" y="22" width="32" height="46" rx="4" fill="#ffffff" ${s(2)}/><text x="50" y="52" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="20" text-anchor="middle" fill="${i % 2 ? '#2a2230' : '#e0383e'}">${['♥', '♠', '♦', '♣'][i]}</text></g>`).join('') + `<rect x="20" y="74" width="60" height="8" rx="3" fill="${a}" opacity="0"/>`,
  throne: (a) => `<path d="M50 0l5 8-5 6-5-6zM22 10l4 7-4 5-4-5zM78 10l4 7-4 5-4-5z" fill="#f2c84b" ${s(2)}/><path d="M16 80V24C16 12 34 10 50 10s34 2 34 14v56z" fill="#e3ad2e" ${s()}/><path d="M26 76V30c0-8 12-10 24-10s24 2 24 10v46z" fill="${a}" ${s(2)}/><path d="M4 58h18v24H4zM78 58h18v24H78z" fill="#e3ad2e" ${s()}/><rect x="8" y="72" width="84" height="14" rx="5" fill="${darken(a, 0.1)}" ${s()}/><path d="M14 86v14M86 86v14" ${s(8)}/><path d="M14 86v14M86 86v14" stroke="#e3ad2e" stroke-width="4"/><circle cx="50" cy="34" r="5" fill="#e0383e" ${s(2)}/>${hi('M22 30v40')}`,
  stove: () => `<rect x="4" y="22" width="92" height="78" rx="4" fill="#eef1f4" ${s()}/><rect x="4" y="14" width="92" height="12" rx="3" fill="#3b3f48" ${s()}/><ellipse cx="28" cy="19" rx="14" ry="4" fill="#ff7a1a"/><ellipse cx="72" cy="19" rx="14" ry="4" fill="#ff7a1a"/><ellipse cx="28" cy="19" rx="8" ry="2" fill="#ffd23f"/><ellipse cx="72" cy="19" rx="8" ry="2" fill="#ffd23f"/><circle cx="20" cy="34" r="3.5" fill="#3b3f48"/><circle cx="34" cy="34" r="3.5" fill="#3b3f48"/><circle cx="66" cy="34" r="3.5" fill="#3b3f48"/><circle cx="80" cy="34" r="3.5" fill="#3b3f48"/><rect x="14" y="44" width="72" height="46" rx="4" fill="#c9d0d8" ${s(2)}/><rect x="22" y="52" width="56" height="26" rx="3" fill="#3b3f48"/><path d="M30 48h40" ${s(3)}/>${hi('M26 58h14')}`,
  // A folded beach towel with stripes (lain on flat, stage.ts stretches it under a lying figure).
  towel: (a) => `<path d="M10 34h80l-6 44H16z" fill="#ffffff" ${s()}/><path d="M12 44h77l-1.4 9H13.4zM14.3 62h71.4l-1.4 9H15.7z" fill="${a}"/><path d="M10 34h80l-6 44H16z" fill="none" ${s()}/>${hi('M20 40h30')}`,
  // A wooden park bench seen from the front: two backrest slats, the seat, iron legs and armrests.
  bench: () => `<path d="M12 58v36M88 58v36M8 44v26M92 44v26" ${s(6)}/><path d="M12 58v36M88 58v36" stroke="#4a4a52" stroke-width="3"/><rect x="6" y="22" width="88" height="11" rx="3" fill="#b07a48" ${s()}/><rect x="6" y="37" width="88" height="11" rx="3" fill="#b07a48" ${s()}/><rect x="2" y="54" width="96" height="12" rx="3" fill="#9a6a3a" ${s()}/>${hi('M12 26h40')}`,
  // A striped hammock slung between two posts.
  hammock: (a) => `<path d="M10 20v74M90 20v74" ${s(7)}/><path d="M10 20v74M90 20v74" stroke="#8a5a34" stroke-width="4"/><path d="M12 30l14 22M88 30l-14 22" ${s(2)}/><path d="M26 52q24 30 48 0q-24 12-48 0z" fill="${a}" ${s()}/><path d="M32 60q18 14 36 0" fill="none" stroke="#fff" stroke-width="3"/>`,
  // A fire hose held at the nozzle: the hose coiling down, water jetting up and out.
  hose: () => `<path d="M46 66C30 82 4 76 6 92" fill="none" ${s(14)}/><path d="M46 66C30 82 4 76 6 92" fill="none" stroke="#d8402e" stroke-width="9" stroke-linecap="round"/><path d="M42 70l22-22 9 9-22 22z" fill="#d9a83a" ${s()}/><path d="M68 46C78 30 86 16 98 4" fill="none" stroke="#1f6fb8" stroke-width="16" stroke-linecap="round"/><path d="M68 46C78 30 86 16 98 4" fill="none" stroke="#7cc8f4" stroke-width="9" stroke-linecap="round"/><path d="M72 38C80 26 86 18 94 8" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/><circle cx="86" cy="34" r="4" fill="#7cc8f4" ${s(1.5)}/><circle cx="94" cy="22" r="3.5" fill="#7cc8f4" ${s(1.5)}/><circle cx="76" cy="20" r="3" fill="#7cc8f4" ${s(1.5)}/>`,
  // A watering can tipped forward, a few drops falling from its rose.
  'watering-can': (a) => `<path d="M58 52l26-20 6 6-24 22z" fill="${a}" ${s()}/><ellipse cx="88" cy="34" rx="6" ry="8" fill="${darken(a, 0.15)}" ${s(2)} transform="rotate(40 88 34)"/><path d="M18 44h44v36a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6z" fill="${a}" ${s()}/><path d="M26 44c0-18 28-18 28 0" fill="none" ${s(5)}/><path d="M92 48v8M86 54v10M96 58v8" stroke="#2f8fd8" stroke-width="4" stroke-linecap="round"/>${hi('M24 52v24')}`,
  // A painter's easel: three wooden legs, a ledge, and a canvas with a landscape begun on it.
  easel: (a) => `<path d="M50 4L22 96M50 4l28 92M50 30v66" ${s(7)}/><path d="M50 4L22 96M50 4l28 92M50 30v66" stroke="#b07a48" stroke-width="3.5"/><rect x="20" y="14" width="60" height="48" rx="2" fill="#fffaf0" ${s()}/><path d="M24 52c8-10 14-12 22-6s14-10 30-4v18H24z" fill="#5cb85c"/><circle cx="64" cy="26" r="6" fill="${a}"/><path d="M30 24c6 4 14 2 18-2" fill="none" stroke="#6fa8dc" stroke-width="4" stroke-linecap="round"/><rect x="14" y="62" width="72" height="7" rx="2" fill="#9a6a3a" ${s(2)}/>`,
  // A playground swing: a frame, two ropes and the seat (at y 58, under a sitter's hips when drawn behind them).
  swing: (a) => `<path d="M10 96L22 4M90 96L78 4" ${s(7)}/><path d="M10 96L22 4M90 96L78 4" stroke="#8a5a34" stroke-width="3.5"/><rect x="14" y="2" width="72" height="7" rx="3" fill="#9a6a3a" ${s(2)}/><path d="M32 8v48M68 8v48" stroke="#6b4a2f" stroke-width="2.5"/><rect x="26" y="55" width="48" height="7" rx="3" fill="${a}" ${s(2)}/>`,
  snowflake: (a) => `${[0, 60, 120].map((d) => `<path d="M50 8v84M50 22l-10-10M50 22l10-10M50 78l-10 10M50 78l10 10" fill="none" stroke="${a}" stroke-width="7" stroke-linecap="round" transform="rotate(${d} 50 50)"/>`).join('')}`,
};

/** A chessboard on its table top, seen from the front and above, with a few pieces on it. */
function chessboard(): string {
  // Corners of the board's top face (far edge narrower), and a point on it for square (u, v) in 0..1.
  const at = (u: number, v: number): [number, number] => [24 + (6 - 24) * v + ((76 + (94 - 76) * v) - (24 + (6 - 24) * v)) * u, 46 + 30 * v];
  const n = 6;
  let squares = '';
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const c = [at(i / n, j / n), at((i + 1) / n, j / n), at((i + 1) / n, (j + 1) / n), at(i / n, (j + 1) / n)];
      squares += `<path d="M${c.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}z" fill="${(i + j) % 2 ? '#5a3a22' : '#f2dfb8'}"/>`;
    }
  }
  const piece = (u: number, v: number, dark: boolean, tall: number) => {
    const [x, y] = at(u, v);
    const fill = dark ? '#2a2230' : '#ffffff';
    return `<path d="M${x - 4} ${y}h8l-2-${tall * 0.55}h-4z" fill="${fill}" ${s(1.5)}/><circle cx="${x}" cy="${y - tall * 0.7}" r="${(tall * 0.22).toFixed(1)}" fill="${fill}" ${s(1.5)}/>`;
  };
  const pieces = [piece(0.25, 0.1, true, 16), piece(0.6, 0.1, true, 20), piece(0.75, 0.3, true, 14), piece(0.4, 0.45, false, 14), piece(0.2, 0.85, false, 18), piece(0.7, 0.9, false, 22)].join('');
  return `<path d="M24 46h52l18 30v6H6v-6z" fill="#6b4a2f" ${s()}/>${squares}<path d="M24 46h52l18 30H6z" fill="none" ${s(2)}/>${pieces}`;
}

export function hasIcon(name: string): boolean {
  return Object.hasOwn(ICONS, name);
}

/** An icon in a 100×100 box; unknown names get a round badge with the word's initial. */
export function icon(name: string, accent: string, label = ''): string {
  const draw = ICONS[name];
  if (draw) return draw(accent);
  const initial = esc((label.trim().charAt(0) || '?').toUpperCase());
  return `<circle cx="50" cy="50" r="38" fill="${accent}" ${s()}/><circle cx="50" cy="50" r="28" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="5 5"/><text x="50" y="64" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="40" text-anchor="middle" fill="#fff">${initial}</text>`;
}
