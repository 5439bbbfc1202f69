import type { Trend } from '@/lib/types';
import { styleHashtag } from '@/features/sharing';

/**
 * What the creator page offers per trend: the 1-click prompt, four viral-ready ideas, style tips,
 * the result's features and its overlay. Catalogue trends get their own words; any other trend a
 * generic set built from its name.
 */

export interface CreatorIdea {
  label: string;
  prompt: string;
}

export interface CreatorContent {
  /** What 1-click create (and the onboarding's autoGenerate) forges. */
  oneClickPrompt: string;
  ideas: [CreatorIdea, CreatorIdea, CreatorIdea, CreatorIdea];
  tips: string[];
  /** What makes a result in this style stand out (shown with the result). */
  features: string[];
  /** The label on the result image, e.g. "Now Showing". */
  overlay: string;
}

type Content = Omit<CreatorContent, 'overlay'> & { overlay?: string };

const CONTENT: Record<string, Content> = {
  pixar: {
    oneClickPrompt: 'a curious golden retriever puppy exploring a cozy sunlit kitchen, big sparkling eyes, warm cinematic lighting',
    ideas: [
      { label: 'Pet as movie star', prompt: 'my cat as the hero of an animated adventure film, standing on a rooftop at sunset, vibrant colors' },
      { label: 'Family poster', prompt: 'a happy family of four on a road trip in a red convertible, dramatic sky, cinematic movie poster' },
      { label: 'Office hero', prompt: 'a nervous office worker saving the day with a stapler, epic action pose, colorful open-plan office' },
      { label: 'Grandma the explorer', prompt: 'a cheerful grandma explorer with a backpack and map in a magical jungle, detailed and amazing' },
    ],
    tips: [
      'Name one clear character and what they feel: 3D animation lives on expressions.',
      'Ask for warm, cinematic lighting and a simple, colourful set.',
      'Pets and kids shine here; switch on Exaggerated Eyes for extra charm.',
    ],
    features: ['Expressive animated-film character', 'Soft global illumination', 'Glossy, colourful 3D finish'],
    overlay: 'Now Showing',
  },
  barbie: {
    oneClickPrompt: 'a glamorous fashion doll in a sparkly pink gown with a tiny handbag, posed inside her window box',
    ideas: [
      { label: 'Career doll', prompt: 'a confident astronaut doll with a pink helmet and mission patch, boxed with accessories' },
      { label: 'Beach day', prompt: 'a beach day doll in retro sunglasses with a surfboard and a pink convertible, vibrant' },
      { label: 'CEO edition', prompt: 'a CEO fashion doll in a tailored pink suit with a laptop and coffee cup accessories' },
      { label: 'Best friends set', prompt: 'two best friend dolls in matching glitter outfits, stunning pink box with a double window' },
    ],
    tips: [
      'Describe the outfit and two or three accessories: they end up in the box.',
      'Pink, pastel and glossy words keep the doll-aisle look.',
      'Put your name or a job title in the prompt for a personal box.',
    ],
    features: ['Window box packaging', 'Glossy doll finish', 'Accessory lineup'],
    overlay: 'Limited Edition',
  },
  collectible: {
    oneClickPrompt: 'a collectible action figure of a young creator with a laptop, coffee cup and headphones as accessories',
    ideas: [
      { label: 'Remote worker', prompt: 'a remote worker action figure with a laptop, a cat and slippers, bold packaging text' },
      { label: 'Gym hero', prompt: 'a gym hero action figure with dumbbells, a protein shake and a towel, dramatic lighting' },
      { label: 'Chef edition', prompt: 'a master chef action figure with a frying pan, knives and a tiny cake, detailed packaging' },
      { label: 'Gamer pack', prompt: 'a pro gamer action figure with a controller, headset and energy drink, epic blister pack' },
    ],
    tips: [
      'List the accessories you want next to the figure.',
      'Give the box a name or a title in quotes.',
      'Everyday jobs and hobbies make the most shared figures.',
    ],
    features: ['Blister pack and backing card', 'Accessory tray', 'Collector-grade plastic look'],
    overlay: 'Collector Edition',
  },
  '3d-figurine': {
    oneClickPrompt: 'a 1/7 scale collectible figure of a young creator with headphones, on a round clear acrylic base on a desk beside its printed box',
    ideas: [
      { label: 'Desk hero', prompt: 'a 1/7 scale figure of me in a superhero pose on a clear acrylic base, its printed box and a monitor modelling it behind' },
      { label: 'Anime pose', prompt: 'a 1/7 scale anime-style figure of me mid-jump, glossy PVC finish, round acrylic base on a wooden desk' },
      { label: 'Chef figure', prompt: 'a 1/7 scale figure of a chef holding a frying pan, printed box with the chef on it, studio desk lighting' },
      { label: 'Gamer figure', prompt: 'a 1/7 scale figure of a gamer with a controller and headset, acrylic base, the modelling software on the monitor' },
    ],
    tips: [
      'Name the pose: figures sell on a dynamic stance.',
      'Mention the box art or the desk to set the scene.',
      'Say "glossy PVC" for the finished collectible look.',
    ],
    features: ['Round clear acrylic base', 'Printed collector box', 'Modelling screen on the desk'],
    overlay: '1/7 Scale',
  },
  ghibli: {
    oneClickPrompt: 'a young girl with a red umbrella waiting at a countryside bus stop in the summer rain, soft watercolor sky',
    ideas: [
      { label: 'Cozy bakery', prompt: 'a cozy bakery on a hillside town at dawn with warm light in the windows, magical and detailed' },
      { label: 'Forest spirit', prompt: 'a tiny forest spirit resting on a mossy stone beside a stream, beautiful hand-painted style' },
      { label: 'Sky journey', prompt: 'a boy on a flying machine above rolling green hills and big summer clouds, epic and colorful' },
      { label: 'Cat café', prompt: 'a sleepy cat café by the sea with flower pots and a bicycle outside, warm afternoon light' },
    ],
    tips: [
      'Quiet everyday moments work best: a bus stop, a kitchen, a meadow.',
      'Mention weather and light: summer rain, golden afternoon, big clouds.',
      'Nature details (grass, trees, water) bring the hand-painted feel.',
    ],
    features: ['Hand-painted backgrounds', 'Gentle, warm light', 'Whimsical nature details'],
    overlay: 'Hand Painted',
  },
  'magazine-cover': {
    oneClickPrompt: 'a confident young entrepreneur on a fashion magazine cover, studio lighting, bold headline about the future',
    ideas: [
      { label: 'Person of the year', prompt: 'me as person of the year on a glossy news magazine cover, dramatic lighting, stunning portrait' },
      { label: 'Pet cover star', prompt: 'a fluffy corgi as the cover star of a fashion magazine, designer sunglasses, vibrant colors' },
      { label: 'Fitness issue', prompt: 'a fitness coach on the cover of a health magazine, energetic pose, bold cover lines' },
      { label: 'Travel issue', prompt: 'an adventurous traveler on a travel magazine cover at a mountain summit, cinematic and epic' },
    ],
    tips: [
      'Ask for a strong pose and direct eye contact with the camera.',
      'Name the issue (fitness, travel, tech) to get fitting cover lines.',
      'Studio lighting keeps the face sharp under the masthead.',
    ],
    features: ['Bold masthead', 'Cover lines around the star', 'Fashion-shoot lighting'],
    overlay: 'Cover Story',
  },
  comic: {
    oneClickPrompt: 'a masked superhero leaping across city rooftops at night, dramatic action lines, bold inks',
    ideas: [
      { label: 'Origin story', prompt: 'a barista discovering superpowers in a busy coffee shop, dramatic comic panel, epic' },
      { label: 'Hero pet', prompt: 'a heroic dog in a flowing cape saving a kitten from a tree, colorful action scene' },
      { label: 'Villain reveal', prompt: 'a mysterious villain in a neon-lit lair revealing a giant plan, dramatic shadows' },
      { label: 'Team-up', prompt: 'three friends as a superhero team posing on a skyscraper at sunset, amazing and detailed' },
    ],
    tips: [
      'Action verbs (leaping, punching, flying) give dynamic panels.',
      'A speech bubble line in quotes makes it instantly shareable.',
      'Night cities and dramatic skies suit bold inks.',
    ],
    features: ['Bold ink outlines', 'Halftone shading', 'Dynamic action composition'],
    overlay: 'Issue #1',
  },
  pixel: {
    oneClickPrompt: 'a tiny knight with a glowing sword standing before a castle gate at dusk, retro 16-bit game scene',
    ideas: [
      { label: 'Boss battle', prompt: 'a hero facing a giant dragon boss in a lava cave, epic retro game screen, vibrant colors' },
      { label: 'Cozy farm', prompt: 'a cozy pixel farm with crops, chickens and a little wooden house at sunrise, colorful' },
      { label: 'City runner', prompt: 'a skateboarder racing through a neon city street, side-scrolling game level, dramatic' },
      { label: 'My room', prompt: 'my bedroom as a pixel art game level with a desk, plants and a sleeping cat, detailed' },
    ],
    tips: [
      'Think of a game screen: a hero, a place and something to do.',
      'Fewer, bolder shapes read better in chunky pixels.',
      'Retro palettes and sunsets look great in 8 and 16 bit.',
    ],
    features: ['Crisp retro pixels', 'Limited game palette', 'Game-screen composition'],
    overlay: 'Press Start',
  },
  clay: {
    oneClickPrompt: 'a cheerful clay baker holding a giant loaf of bread in a tiny handmade kitchen, soft shadows',
    ideas: [
      { label: 'Stop-motion pet', prompt: 'my dog as a plasticine stop-motion character chasing a ball in a tiny park, colorful' },
      { label: 'Clay commute', prompt: 'a sleepy commuter on a miniature clay bus in the rain, detailed handmade set' },
      { label: 'Garden gnome', prompt: 'a clay gardener watering giant tomatoes in a pastel garden, warm and amazing' },
      { label: 'Band on stage', prompt: 'a clay rock band playing on a tiny stage with confetti, vibrant and fun' },
    ],
    tips: [
      'Small everyday scenes look like handmade stop-motion sets.',
      'Mention soft studio light for the plasticine glow.',
      'Pastel colours and round shapes keep it cute.',
    ],
    features: ['Handmade plasticine texture', 'Miniature set', 'Soft studio shadows'],
    overlay: 'Stop Motion',
  },
  vaporwave: {
    oneClickPrompt: 'a marble statue wearing sunglasses in front of a neon grid and a striped sunset sun, retro aesthetic',
    ideas: [
      { label: 'Night drive', prompt: 'a retro sports car driving into a neon sunset on an endless grid highway, cinematic' },
      { label: 'Mall dreams', prompt: 'an empty 90s shopping mall with palm trees and pink neon lights, dreamy and vibrant' },
      { label: 'Arcade hero', prompt: 'a teenager at a glowing arcade cabinet surrounded by chrome text, dramatic colorful' },
      { label: 'Sunset portrait', prompt: 'me in a pastel jacket and shades with a palm tree silhouette and glitch lines, stunning' },
    ],
    tips: [
      'Pink, teal and purple neon set the mood.',
      'Retro objects (cassettes, arcade, sports cars) fit perfectly.',
      'A horizon with a sunset sun gives the classic composition.',
    ],
    features: ['Neon synthwave palette', 'Retro grid horizon', 'VHS glitch accents'],
    overlay: 'Aesthetic',
  },
  dreamcore: {
    oneClickPrompt: 'an empty childhood bedroom filled with floating clouds and soft pastel light, surreal and dreamy',
    ideas: [
      { label: 'Endless hallway', prompt: 'an endless pastel hallway with doors opening onto the sky, surreal and magical' },
      { label: 'Cloud pool', prompt: 'a quiet indoor swimming pool with clouds drifting over the water, dreamy haze' },
      { label: 'Lost playground', prompt: 'a lonely playground at dusk under a giant pink moon, beautiful and strange' },
      { label: 'Me in a dream', prompt: 'me standing in a field of glowing flowers under a sky full of floating doors, stunning' },
    ],
    tips: [
      'Familiar places that feel slightly wrong work best.',
      'Soft haze and pastel glow give the dream feeling.',
      'Keep people small or absent for an eerie calm.',
    ],
    features: ['Soft pastel haze', 'Surreal architecture', 'Nostalgic dream mood'],
    overlay: 'Dream Log',
  },
  renaissance: {
    oneClickPrompt: 'a noble portrait of a cat in a velvet cape and pearl collar, dramatic chiaroscuro, gilded frame',
    ideas: [
      { label: 'Royal pet', prompt: 'my dog as a royal duke in an embroidered jacket seated on a throne, detailed oil portrait' },
      { label: 'Modern noble', prompt: 'a modern office worker painted as a renaissance noble holding a smartphone, dramatic' },
      { label: 'Family portrait', prompt: 'a family portrait in renaissance clothing in a candlelit hall, beautiful and detailed' },
      { label: 'Chef master', prompt: 'a master chef painted as a renaissance scholar with bread and wine, cinematic light' },
    ],
    tips: [
      'Ask for a seated or three-quarter pose for a classic portrait.',
      'Rich fabrics (velvet, lace, pearls) sell the period look.',
      'Dramatic light from one side gives real chiaroscuro.',
    ],
    features: ['Old-master oil technique', 'Dramatic chiaroscuro', 'Period costume'],
    overlay: 'Museum Piece',
  },
  anime: {
    oneClickPrompt: 'a determined anime hero with wind-swept hair on a school rooftop at sunset, cherry blossom petals',
    ideas: [
      { label: 'Opening scene', prompt: 'me as the lead of an anime opening sequence running through a city at sunset, dramatic' },
      { label: 'Magical transformation', prompt: 'a magical girl transformation with ribbons of light and sparkles, vibrant and epic' },
      { label: 'Ramen night', prompt: 'two friends eating ramen at a tiny neon food stall in the rain, cinematic and detailed' },
      { label: 'Rival duel', prompt: 'two rivals facing off on a bridge with speed lines and glowing eyes, dramatic and amazing' },
    ],
    tips: [
      'Give the character a feeling: determined, shy, heroic.',
      'Sunsets, rooftops and rain are classic anime settings.',
      'Speed lines and sparkles add instant energy.',
    ],
    features: ['Cel-shaded character', 'Expressive anime eyes', 'Dynamic scene lighting'],
    overlay: 'Episode 1',
  },
  cyberpunk: {
    oneClickPrompt: 'a hacker in a glowing jacket on a rainy neon street of a megacity at night, cinematic reflections',
    ideas: [
      { label: 'Street samurai', prompt: 'a street samurai with a neon katana under flickering signs in the rain, epic and dramatic' },
      { label: 'Night market', prompt: 'a crowded night market with holographic signs and food stalls, detailed and vibrant' },
      { label: 'Cyber pet', prompt: 'a robotic cat with glowing eyes on a rooftop above a neon city, cinematic' },
      { label: 'Me, augmented', prompt: 'me with subtle cybernetic implants and neon rim light in a rainy alley, stunning portrait' },
    ],
    tips: [
      'Rain and reflections double the neon glow.',
      'Pink and cyan rim light makes the subject pop.',
      'Mention signs, holograms or drones for the megacity feel.',
    ],
    features: ['Neon rim lighting', 'Rain-soaked reflections', 'Megacity backdrop'],
    overlay: 'Night City',
  },
  'oil-painting': {
    oneClickPrompt: 'a quiet harbor at golden hour with fishing boats and warm reflections, thick impasto brushstrokes',
    ideas: [
      { label: 'Portrait in oils', prompt: 'a thoughtful portrait of an old fisherman by a window, warm light, detailed brushwork' },
      { label: 'Pet in oils', prompt: 'my cat asleep on a velvet chair in a sunlit room, beautiful classic oil painting' },
      { label: 'City at dusk', prompt: 'a rainy Paris street at dusk with glowing cafés and umbrellas, dramatic and colorful' },
      { label: 'Still life', prompt: 'a rustic still life with bread, lemons and a copper jug, rich warm palette' },
    ],
    tips: [
      'Golden hour and warm palettes suit oil paint.',
      'A calm subject lets the brushstrokes shine.',
      'Mention texture: impasto, canvas, visible strokes.',
    ],
    features: ['Visible impasto strokes', 'Warm painterly palette', 'Canvas texture'],
    overlay: 'Original Oil',
  },
  'vintage-comic': {
    oneClickPrompt: 'a daring pilot escaping a giant robot over a 1950s city, halftone dots, aged paper',
    ideas: [
      { label: 'Pulp detective', prompt: 'a trench-coat detective in a rainy alley with a dramatic caption box, retro comic' },
      { label: 'Space romance', prompt: 'a retro space couple on a rocket deck gazing at Saturn, colorful 1950s comic' },
      { label: 'Monster attack', prompt: 'a giant lizard attacking a small town diner, dramatic vintage comic cover' },
      { label: 'Me in 1955', prompt: 'me as the hero of a 1955 adventure comic with a bold speech bubble, epic' },
    ],
    tips: [
      'Dramatic situations and a caption box feel authentically retro.',
      'Flat primary colours and halftone dots age it well.',
      'A short exclamation in quotes makes a great speech bubble.',
    ],
    features: ['Ben-Day colours', 'Halftone print texture', 'Aged newsprint'],
    overlay: 'Vintage Issue',
  },
  disney: {
    oneClickPrompt: 'a kind princess singing to woodland animals in an enchanted forest glade, magical glow',
    ideas: [
      { label: 'Fairytale me', prompt: 'me as a fairytale hero in front of a storybook castle at sunset, magical and beautiful' },
      { label: 'Animal sidekick', prompt: 'a brave little fox sidekick with a tiny lantern in a magical forest, colorful' },
      { label: 'Royal ball', prompt: 'a grand royal ball with swirling dancers and sparkling chandeliers, stunning and detailed' },
      { label: 'Sea adventure', prompt: 'a curious mermaid discovering a sunken ship full of treasures, vibrant and magical' },
    ],
    tips: [
      'Fairytale settings (castles, forests, seas) fit this style.',
      'Give the hero an animal companion for extra charm.',
      'Magical glow and sparkles finish the storybook look.',
    ],
    features: ['Storybook character design', 'Magical glow', 'Enchanted settings'],
    overlay: 'Once Upon a Time',
  },
  simpsons: {
    oneClickPrompt: 'a yellow cartoon family having breakfast in a suburban kitchen, classic overbite, bright colors',
    ideas: [
      { label: 'Me as a resident', prompt: 'me as a yellow cartoon resident waving in front of a suburban house, sunny day' },
      { label: 'Couch gag', prompt: 'a family squeezing onto a living room couch in front of a TV, funny and colorful' },
      { label: 'Work day', prompt: 'a tired worker at a nuclear plant control panel with a donut, classic cartoon style' },
      { label: 'Town square', prompt: 'a busy cartoon town square with a statue and a donut shop, vibrant and detailed' },
    ],
    tips: [
      'Everyday family and work scenes are the classic material.',
      'Bright flat colours and a sunny sky keep it on-model.',
      'Switch on Yellow Skin and Overbite for the signature look.',
    ],
    features: ['Yellow cartoon characters', 'Flat bright colours', 'Sunny small-town setting'],
    overlay: 'Couch Gag',
  },
};

const generic = (name: string): Content => ({
  oneClickPrompt: `a striking portrait of a confident young creator in ${name} style, vibrant colors, dramatic lighting`,
  ideas: [
    { label: 'Pet portrait', prompt: `my pet as the star of a ${name} scene, vibrant and detailed` },
    { label: 'Self portrait', prompt: `a confident self portrait in ${name} style, dramatic lighting` },
    { label: 'City adventure', prompt: `an epic city adventure at sunset in ${name} style, cinematic` },
    { label: 'Dream job', prompt: `me in my dream job, celebrating a big win, colorful and amazing` },
  ],
  tips: [
    'Name one clear subject, an action and a place.',
    'Add a mood or light (golden hour, neon, soft studio light).',
    'Keep it short: 10 to 25 words score best for virality.',
  ],
  features: [`${name} look`, 'Scroll-stopping composition', 'Ready for social feeds'],
});

export function creatorContent(trend: Pick<Trend, 'slug' | 'name'>): CreatorContent {
  const content = CONTENT[trend.slug] ?? generic(trend.name);
  return { ...content, overlay: content.overlay ?? `${trend.name} Style` };
}

/** Sharing tips shown with the result. */
export function sharingTips(name: string): string[] {
  return [
    `Post it with ${styleHashtag(name)} so other fans of the style find it.`,
    'Share it as a before-and-after with your original idea: reveals get the most replays.',
    'Post in the evening when your followers are online, and ask them which style you should try next.',
  ];
}
