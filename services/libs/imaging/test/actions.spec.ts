/**
 * Actions and places drawn without a photo (issue 28): the plan resolves the pose and the
 * interaction (a board game between two, surfing, cooking at a stove, sitting on a throne, lying on
 * a towel or in a hammock or in bed, riding, flying over the moon, running), and the stage lays them out: checked as plain data (the plan,
 * the stage's things and the drawing's copies and layers), and the figure's pose in its spec.
 */
import { backdrop, backgroundHint } from '../src/backgrounds.js';
import { figureFromPrompt } from '../src/figure.js';
import { planScene, type ScenePlan } from '../src/plan/plan.js';
import { analysePrompt } from '../src/prompt.js';
import { hasFigureFace } from '../src/scene.js';
import { drawStage, FLY_LIFT, heldScale, LIE_ANGLE, stageFromPlan, thingSvg, withSetting } from '../src/stage.js';
import type { TrendContext } from '../src/types.js';
import { createRng } from '../src/util/rng.js';

const placed = (plan: ScenePlan) => plan.props.map((p) => `${p.word}@${p.placement}`);
const stageOf = (prompt: string) => stageFromPlan(planScene(prompt), true);
const whereOf = (prompt: string) => stageOf(prompt).things.map((t) => `${t.thing.word}@${t.where}`);
const spec = (prompt: string) => figureFromPrompt({ ...analysePrompt(prompt), plan: planScene(prompt) }, createRng(7), { primary: '#e0383e', secondary: '#2f6fe0' });
/** The drawing of an engine-only thing, to find it in a layer. */
const drawn = (word: string) => thingSvg({ icon: null, word }, '#ffd23f');

describe('the plan resolves the action into a pose and an interaction', () => {
  it.each([
    ['two cats playing chess', 'sit', ['chess@between']],
    ['a golden retriever surfing a wave', 'balance', ['wave@background', 'surfboard@under']],
    ['a robot chef cooking pancakes in a tiny kitchen', 'hold', ['pancakes@in', 'pan@held']],
    ['a knight sitting on a throne', 'sit', ['throne@under', 'sword@held']],
    ['a girl riding a bicycle through a city at night', 'ride', ['bicycle@under']],
    ['an astronaut flying over the moon', 'fly', []],
    ['a boy running through a city', 'run', []],
    ['a grandmother holding a birthday cake', 'hold', ['cake@held']],
    ['a girl flying a kite', 'hold', ['kite@held']],
    ['a cat sitting on a sofa', 'sit', ['sofa@under']],
    ['a kid swimming in the ocean', 'swim', []],
    ['a dog riding a skateboard in a park', 'balance', ['skateboard@under']],
    ['a girl riding a horse in a meadow', 'ride', ['horse@under']],
    ['a witch flying on a broom over a village', 'fly', ['broom@under']],
    ['a boy playing cards with his grandpa', 'sit', ['cards@between', 'grandpa@held']],
    ['a woman lying on a beach towel reading a book', 'lie', ['towel@under', 'book@held']],
    ['a man sleeping in a hammock between palm trees', 'lie', ['hammock@under', 'palm trees@beside']],
    ['a cat lying in bed', 'lie', ['bed@under']],
    ['a boy lying in the grass', 'lie', []],
    ['a dog in a hammock', 'lie', ['hammock@under']],
    ['a grandpa sleeping on a chair', 'sit', ['chair@under']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('keeps the place and the time: the kitchen, the city at night, the moon', () => {
    expect(planScene('a robot chef cooking pancakes in a tiny kitchen').setting).toMatchObject({ place: 'tiny kitchen' });
    expect(planScene('a girl riding a bicycle through a city at night').setting).toEqual({ place: 'city', placeIcon: 'cityscape', timeOfDay: 'night' });
    expect(planScene('an astronaut flying over the moon').setting).toMatchObject({ place: 'moon' });
    expect(planScene('two cats playing chess').subjects).toMatchObject([{ word: 'cats', figure: 'cat', count: 2 }]);
    // A place naming the thing lain on is the setting: the towel is on the beach.
    expect(planScene('a woman lying on a beach towel reading a book').setting).toMatchObject({ place: 'beach', placeIcon: 'beach-with-umbrella' });
    expect(planScene('a boy lying in the grass').setting).toMatchObject({ place: 'grass' });
  });

  it('flying over scenery keeps it below the flyer, not in the sky', () => {
    expect(placed(planScene('a dragon flying over a rainbow'))).toEqual(['rainbow@under']);
    expect(placed(planScene('a dragon under a rainbow'))).toEqual(['rainbow@background']);
    expect(stageFromPlan(planScene('a dragon flying over a rainbow'), false).things.map((t) => t.where)).toEqual(['below']);
  });
});

describe('the stage draws the interaction', () => {
  it('a board game: a table with the board between the two players, the one on the right turned to face the other', () => {
    const stage = stageOf('two cats playing chess');
    expect(stage).toMatchObject({ copies: 2, pose: 'sit' });
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.copies.map((c) => ({ right: c.dx > 0, flip: !!c.flip }))).toEqual(expect.arrayContaining([{ right: true, flip: true }, { right: false, flip: false }]));
    // In front of the players, centred between them (the figure's box is 600 wide, its middle at 300).
    expect(d.front).toContain(drawn('chess'));
    expect(d.front).toMatch(/translate\(300 [\d.]+\) scale\([\d.]+ [\d.]+\) translate\(-50 -50\)"?>?<rect x="6" y="34"/);
    // Each player sits on a chair behind it; a named seat is the only one.
    const chair = thingSvg(planScene('a chair').subjects[0] ?? planScene('a chair').props[0], '#ffd23f');
    expect(d.back.split(chair).length - 1).toBe(2);
    const onBench = drawStage(stageOf('a boy playing chess on a bench'), 'chibi', '#ffd23f', undefined, true);
    expect(onBench.back).not.toContain(chair);
    expect(onBench.back).toContain(drawn('bench'));
  });

  it('cooking: a stove in front of the cook, under the held pan', () => {
    expect(whereOf('a robot chef cooking pancakes in a tiny kitchen')).toEqual(['pancakes@in', 'pan@held', 'stove@stove']);
    const d = drawStage(stageOf('a robot chef cooking pancakes in a tiny kitchen'), 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain(drawn('stove'));
    // A prompt that cooks nothing has no stove.
    expect(whereOf('a robot chef reading a book')).not.toContain('stove@stove');
  });

  it('sitting on a throne: the throne behind the sitter, reaching above its head', () => {
    const d = drawStage(stageOf('a knight sitting on a throne'), 'chibi', '#ffd23f', undefined, true);
    expect(d.back).toContain(drawn('throne'));
    expect(d.front).not.toContain(drawn('throne'));
    // The figure's head starts at y = 110 in the chibi box: the throne's back rises past it.
    expect(d.bounds.y0).toBeLessThan(110);
  });

  it('flying: the flyer lifted and leaning, the moon below it', () => {
    const stage = stageOf('an astronaut flying over the moon');
    expect(stage.things.map((t) => `${t.thing.word}@${t.where}`)).toEqual(['moon@below']);
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.copies).toEqual([{ dx: 0, s: 1, dy: -FLY_LIFT, rot: expect.any(Number) }]);
    const standing = drawStage(stageOf('an astronaut on the moon'), 'chibi', '#ffd23f', undefined, true);
    expect(standing.copies).toEqual([{ dx: 0, s: 1 }]);
    expect(d.bounds.y0).toBeLessThan(standing.bounds.y0 - FLY_LIFT + 1);
  });

  it('flying on a broom over a village: the broom under the flyer, the village below', () => {
    expect(whereOf('a witch flying on a broom over a village')).toEqual(['broom@under', 'village@below']);
  });

  it('a person "with" the subject keeps it company beside, at the game between them', () => {
    expect(whereOf('a boy playing cards with his grandpa')).toEqual(['cards@between', 'grandpa@companion']);
  });

  it('swimming: water up to the swimmer\'s chest, in front of it', () => {
    const d = drawStage(stageOf('a kid swimming in the ocean'), 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain('fill="#2f8fd8"');
  });

  it('lying on a towel: the figure laid down on its side over the towel, reading the held book', () => {
    const stage = stageOf('a woman lying on a beach towel reading a book');
    expect(stage).toMatchObject({ pose: 'lie', copies: 1 });
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.copies).toEqual([{ dx: 0, s: expect.any(Number), dy: expect.any(Number), lie: LIE_ANGLE }]);
    // Smaller than standing (it lies along the ground), the towel behind it, striped in the accent.
    expect(d.copies[0].s).toBeLessThan(1);
    expect(d.back).toContain('fill="#ffd23f"');
    expect(d.front).not.toContain('fill="#ffd23f"');
    // Laid flat, the body is wider than it is tall: the drawing spreads sideways past a standing figure's.
    const standing = drawStage(stageOf('a woman standing on a beach'), 'chibi', '#ffd23f', undefined, true);
    expect(d.bounds.x1 - d.bounds.x0).toBeGreaterThan(standing.bounds.x1 - standing.bounds.x0);
  });

  it('sleeping in a hammock between palm trees: the palms hold its ends, not stand beside it; Zs over the sleeper', () => {
    const stage = stageOf('a man sleeping in a hammock between palm trees');
    expect(stage).toMatchObject({ pose: 'lie', asleep: true });
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    const palm = thingSvg(planScene('a palm tree').subjects[0] ?? planScene('a palm tree').props[0], '#ffd23f');
    // One palm at each end, behind the body; the near side of the hammock in front of it.
    expect(d.back.split(palm).length - 1).toBe(2);
    expect(d.front).not.toContain(palm);
    expect(d.front).toMatch(/<path d="M-?[\d.]+,[\d.]+ Q[\d.]+,[\d.]+ [\d.]+,[\d.]+ Q[\d.]+,[\d.]+ -?[\d.]+,[\d.]+Z" fill="#ffd23f"/);
    // Three Zs (a stroke drawn h k, l -k, h k), none over a reader who is awake.
    expect(d.front.match(/ h(\d+) l-\1,[\d.]+ h\1"/g)).toHaveLength(6);
    expect(drawStage(stageOf('a woman lying on a beach towel reading a book'), 'chibi', '#ffd23f', undefined, true).front).not.toMatch(/ h(\d+) l-\1,[\d.]+ h\1"/);
    // Without trees named, posts.
    expect(drawStage(stageOf('a dog in a hammock'), 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#8a5a34"');
  });

  it('in bed: the cover over the body in front, the bed behind; in the grass: blades in front', () => {
    const bed = drawStage(stageOf('a cat lying in bed'), 'chibi', '#ffd23f', undefined, true);
    expect(bed.front).toContain('fill="#ffd23f"');
    expect(bed.back).toContain('fill="#9a6a3a"');
    const grass = stageOf('a boy lying in the grass');
    expect(grass.grass).toBe(true);
    expect(drawStage(grass, 'chibi', '#ffd23f', undefined, true).front).toContain('fill="#4f9a3f"');
    expect(stageOf('a boy lying on a towel').grass).toBeUndefined();
    // A crib is a bed; lain in a tree, the tree is behind the body, not over it.
    expect(drawStage(stageOf('a baby sleeping in a crib'), 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#9a6a3a"');
    const tree = thingSvg(planScene('a tree').subjects[0] ?? planScene('a tree').props[0], '#ffd23f');
    const inTree = drawStage(stageOf('a panda sleeping in a tree'), 'chibi', '#ffd23f', undefined, true);
    expect(inTree.back).toContain(tree);
    expect(inTree.front).not.toContain(tree);
  });

  it('indoors the setting brings no clouds or rain over the walls: the room only darkens at night', () => {
    const ctx = (prompt: string) => ({ prompt: { plan: planScene(prompt) }, W: 100, H: 100, rng: createRng(3), id: 't' }) as unknown as TrendContext;
    const room = { defs: '', body: '<rect id="room"/>', groundY: 90, dark: false, indoor: true };
    const night = withSetting(room, ctx('two cats on a sofa at night in the rain'));
    expect(night.body).toBe('<rect id="room"/><rect width="100" height="100" fill="#0a1030" opacity="0.4"/>');
    expect(night.dark).toBe(true);
    expect(withSetting(room, ctx('a cat on a sofa in the rain'))).toBe(room);
    // Outdoors the rain falls.
    expect(withSetting({ ...room, indoor: false }, ctx('a cat on a sofa in the rain')).body).toContain('#dbe8f8');
  });

  it('a bed or a sofa puts the picture in a room; a hammock between palms on the beach', () => {
    expect(backgroundHint('a cat lying in bed')).toBe('room');
    expect(backgroundHint('a dog sleeping on a sofa')).toBe('room');
    expect(backgroundHint('a man sleeping in a hammock between palm trees')).toBe('beach');
    expect(backgroundHint('a boy lying in the grass')).toBe('nature');
  });

  it('playing a piano or drums: sat at it on a chair, the instrument in front under the hands reaching to it', () => {
    expect(whereOf('a cat playing piano')).toEqual(['piano@played']);
    const d = drawStage(stageOf('a cat playing piano'), 'chibi', '#ffd23f', undefined, true);
    const piano = thingSvg(planScene('a cat playing piano').props[0], '#ffd23f');
    expect(d.front).toContain(piano);
    expect(d.back).toContain(thingSvg(planScene('a chair').subjects[0], '#ffd23f'));
    expect(spec('a boy playing the drums')).toMatchObject({ pose: 'ride', stage: { pose: 'sit' } });
  });

  it('riding astride: the rider lifted so the wheels or hooves stand on the ground line, not below the frame', () => {
    const bike = drawStage(stageOf('a boy riding a bicycle in the park'), 'chibi', '#ffd23f', undefined, true);
    expect(bike.copies).toEqual([{ dx: 0, s: 1, dy: expect.any(Number) }]);
    expect(bike.copies[0].dy).toBeLessThan(-100);
    // The bicycle's box (centre + half its size) ends where the icon's wheels touch the feet line, 1000.
    const [, y, k] = bike.front.match(/translate\(300 ([\d.]+)\) scale\(([\d.]+) [\d.]+\) translate\(-50 -50\)/)!.map(Number);
    expect(y + 44 * k).toBeCloseTo(1000, -1);
    const horse = drawStage(stageOf('a girl riding a horse in a meadow'), 'chibi', '#ffd23f', undefined, true);
    expect(horse.copies[0].dy).toBeLessThanOrEqual(bike.copies[0].dy!);
    expect(horse.copies[0].dy).toBeGreaterThanOrEqual(-220);
    // A car is sat in: no lift.
    expect(drawStage(stageOf('a dog driving a car'), 'chibi', '#ffd23f', undefined, true).copies[0].dy).toBeUndefined();
  });

  it('surfing: the board rides water, not the sand', () => {
    const d = drawStage(stageOf('a golden retriever surfing a wave'), 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain('fill="#2f8fd8"');
    expect(drawStage(stageOf('a boy on a skateboard'), 'chibi', '#ffd23f', undefined, true).front).not.toContain('fill="#2f8fd8"');
  });
});

describe('the figure takes the pose', () => {
  it.each([
    ['a knight sitting on a throne', 'hold', 'sit'],
    ['a girl riding a bicycle through a city at night', 'ride', 'ride'],
    ['an astronaut flying over the moon', 'fly', 'fly'],
    ['a boy running through a city', 'run', 'run'],
    ['a golden retriever surfing a wave', 'balance', 'balance'],
    ['a grandmother holding a birthday cake', 'hold', 'hold'],
    ['a woman lying on a beach towel reading a book', 'hold', 'lie'],
    ['a man sleeping in a hammock between palm trees', 'down', 'lie'],
  ])('"%s": arms %s, body %s', (prompt, arms, body) => {
    const s = spec(prompt);
    expect(s.pose).toBe(arms);
    expect(s.stage?.pose).toBe(body);
  });

  it('a sleeper closes its eyes; a lying figure has no upright face for the face effects', () => {
    expect(spec('a man sleeping in a hammock between palm trees').asleep).toBe(true);
    expect(spec('a woman lying on a beach towel reading a book').asleep).toBeFalsy();
    expect(hasFigureFace(spec('a woman lying on a beach towel reading a book'))).toBe(false);
    expect(hasFigureFace(spec('a grandmother holding a birthday cake'))).toBe(true);
  });

  it('a knight wears a steel helm and armour; a plain boy does not', () => {
    expect(spec('a knight sitting on a throne')).toMatchObject({ headwear: 'knight', outfit: '#b8c2ce' });
    expect(spec('a boy running through a city').headwear).not.toBe('knight');
  });
});

describe('everyday actions and places a member might type (issue 28, beyond the sheet)', () => {
  it.each([
    // A boat stood in at sea: no place named means the sea.
    ['the pirate on a ship in a storm', 'hold', ['ship@under', 'sword@held', 'hat@worn']],
    ['an old man fishing by a lake', 'hold', ['fishing rod@held']],
    // A sport's name brings its gear; the gear sets the pose.
    ['a skier racing down a snowy mountain', 'balance', ['ski@under']],
    ['a surfer riding a big wave at sunset', 'balance', ['wave@background', 'surfboard@under']],
    ['a firefighter holding a hose', 'hold', ['hose@held']],
    // A kicked ball lies at the feet; watered plants stand beside, the can in the hand.
    ['a girl playing soccer', 'stand', ['soccer@beside']],
    ['a robot watering plants in a garden', 'hold', ['plants@beside', 'watering can@held']],
    ['a teddy bear having tea', 'hold', ['tea@held']],
    ['kids building a sandcastle on the beach', 'stand', ['sandcastle@beside']],
    ['a woman painting at an easel', 'hold', ['easel@beside', 'paintbrush@held']],
    ['a dragon flying over a castle', 'fly', ['castle@under']],
    ['two friends having a picnic in the park', 'stand', ['picnic@beside']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('the place: a ship at sea, a cafe or a bakery indoors, ice in winter; a couple is two', () => {
    expect(planScene('the pirate on a ship in a storm').setting).toMatchObject({ place: 'sea', weather: 'storm' });
    expect(planScene('a pirate on a ship by the city').setting.place).toBe('city');
    expect(planScene('a chef pouring coffee in a cafe').setting).toMatchObject({ place: 'cafe' });
    expect(planScene('a baker carrying bread in a bakery').props.map((p) => p.word)).toEqual(['bread']);
    expect(planScene('a penguin sliding on ice').setting).toMatchObject({ place: 'ice', season: 'winter' });
    expect(planScene('a couple dancing in the rain').subjects).toMatchObject([{ count: 2, figure: 'person' }]);
    expect(planScene('a family having a picnic').subjects).toMatchObject([{ count: 3 }]);
  });

  it('the backdrop follows the place named before the subject: a robot in a garden is outdoors, a cafe is a kitchen', () => {
    expect(backgroundHint('a robot watering plants in a garden')).toBe('nature');
    expect(backgroundHint('a robot in a spaceship')).toBe('space');
    expect(backgroundHint('a robot dancing')).toBe('futuristic');
    expect(backgroundHint('a chef pouring coffee in a cafe')).toBe('kitchen');
    expect(backgroundHint('the pirate on a ship in a storm')).toBe('beach');
    expect(backgroundHint('a penguin sliding on ice')).toBe('nature');
    expect(backgroundHint('a dog playing in the snow')).toBe('nature');
    expect(backgroundHint('a snowy night in the city')).toBe('city');
  });

  it('on a ship: a hull in front of the legs, a sail behind (black with a skull for a pirate), the sea across the frame', () => {
    const stage = stageOf('the pirate on a ship in a storm');
    // The hat is the figure's own (not staged); the sword in the hand.
    expect(stage.things.map((t) => `${t.thing.word}@${t.where}`)).toEqual(['ship@under', 'sword@held']);
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain('fill="#8a5a34"');
    expect(d.front).toContain('fill="#2f8fd8"');
    expect(d.back).toContain('fill="#2a2a32"');
    expect(d.front).not.toContain(thingSvg(stage.things[0].thing, '#ffd23f'));
    expect(drawStage(stageOf('a sailor on a boat'), 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#fffaf0"');
    // The rider's pose is not taken: standing on deck, sword in hand, hat on; a pirate captain is a pirate too.
    expect(spec('the pirate on a ship in a storm')).toMatchObject({ headwear: 'hat', stage: { pose: 'hold' } });
    expect(stageOf('a sailor on a ship').pose).toBe('stand');
    expect(drawStage(stageOf('a pirate captain with a parrot on a ship'), 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#2a2a32"');
  });

  it('by a lake or a river: water behind the feet, no wave icon; swimming in the sea has its own water', () => {
    for (const prompt of ['an old man fishing by a lake', 'a man jogging by the river']) {
      const stage = stageOf(prompt);
      expect(stage.shore).toBe(true);
      expect(stage.things.some((t) => t.where === 'place')).toBe(false);
      expect(drawStage(stage, 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#4aa3df"');
    }
    expect(stageOf('a boy swimming in the sea')).toMatchObject({ pose: 'swim' });
    expect(stageOf('a boy swimming in the sea').shore).toBeUndefined();
    expect(stageOf('a boy swimming in the sea').things).toEqual([]);
    expect(stageOf('a girl in a forest').things.map((t) => t.where)).toEqual(['place']);
  });

  it('flying over a village: a row of small houses standing on the ground line, never past the frame\'s bottom', () => {
    const d = drawStage(stageOf('a witch flying on a broom over a village'), 'chibi', '#ffd23f', undefined, true);
    const houses = thingSvg({ icon: 'houses', word: 'village' }, '#ffd23f');
    expect(d.back.split(houses).length - 1).toBe(3);
    // Every house's box ends at or above the feet line (y = 1000): translate(x y) scale(k k) of a 100 box.
    for (const m of d.back.matchAll(/translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+) [\d.]+\) translate\(-50 -50\)"?>?<g transform="scale/g)) {
      expect(Number(m[2]) + 50 * Number(m[3])).toBeLessThanOrEqual(1000 + 45);
    }
    // A castle flown over is one castle.
    expect(drawStage(stageOf('a dragon flying over a castle'), 'chibi', '#ffd23f', undefined, false).back.split(thingSvg(planScene('a dragon flying over a castle').props[0], '#ffd23f')).length - 1).toBe(1);
  });

  it('on a stage: boards and spotlights; the guitar held larger than a cup', () => {
    const stage = stageOf('a boy playing guitar on a stage');
    expect(stage.platform).toBe(true);
    expect(stage.things.some((t) => t.where === 'place')).toBe(false);
    expect(drawStage(stage, 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#a8743f"');
    expect(heldScale(stage)).toBeGreaterThan(heldScale(stageOf('a girl holding a cup')));
  });
});

describe('more everyday actions: at a table, sledding, climbing, planting a flag, a kitchen that is not a cook\'s', () => {
  it.each([
    // Eaten or worked on at a table: on the table between the diners, who sit.
    ['a family eating dinner at a table', 'sit', ['dinner@between']],
    ['a student studying at a desk', 'sit', ['book@between']],
    ['a kid sledding down a snowy hill', 'balance', ['sled@under']],
    ['a scientist mixing potions in a lab', 'hold', ['potions@held']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('a table with nothing on it stays a table; a family is three at it', () => {
    expect(placed(planScene('a cat sitting at a table'))).toEqual(['table@beside']);
    expect(stageOf('a family eating dinner at a table').copies).toBe(3);
  });

  it('climbing a tree: the tree behind the climber, who is lifted off the ground', () => {
    const stage = stageOf('a boy climbing a tree');
    expect(stage.things.map((t) => `${t.thing.word}@${t.where}`)).toEqual(['tree@climbed']);
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.copies[0].dy).toBeLessThan(0);
    expect(d.back).toContain(thingSvg(stage.things[0].thing, '#ffd23f'));
    expect(d.front).not.toContain(thingSvg(stage.things[0].thing, '#ffd23f'));
  });

  it('a flag is a plain flag (the chequered one is for races); dinner is a plate', () => {
    expect(planScene('an astronaut planting a flag on the moon').props[0]).toMatchObject({ word: 'flag', icon: 'triangular-flag', placement: 'held' });
    expect(planScene('a family eating dinner').props[0]).toMatchObject({ icon: 'fork-and-knife-with-plate' });
  });

  it('a kitchen gives a chef\'s hat to a cook, not to a cat chasing a mouse there', () => {
    expect(spec('a cat chasing a mouse in the kitchen').headwear).not.toBe('chef');
    expect(spec('a grandma baking cookies in the kitchen').headwear).toBe('chef');
    expect(spec('a robot chef cooking pancakes in a tiny kitchen').headwear).toBe('chef');
  });
});

describe('what the action implies, named, goes where the action puts it', () => {
  it.each([
    ['a girl singing into a microphone on stage', 'hold', ['microphone@held']],
    ['a pilot flying a plane over the clouds', 'ride', ['plane@under']],
    ['a girl reading under a blanket by the fire', 'lie', ['blanket@under', 'fire@beside', 'book@held']],
    ['a woman taking a photo of the eiffel tower', 'hold', ['eiffel tower@background', 'camera@held']],
    ['a kid playing video games on the couch', 'sit', ['video games@held', 'couch@under']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('a plane flown is under the pilot, not in the sky; a rowed boat has an oar and no sail', () => {
    expect(whereOf('a pilot flying a plane over the clouds')).toEqual(['plane@under']);
    expect(whereOf('a girl flying a kite')).toEqual(['kite@sky']);
    const rowed = drawStage(stageOf('a man rowing a boat on the river'), 'chibi', '#ffd23f', undefined, true);
    expect(rowed.front).toContain('stroke="#c98a4a"');
    expect(rowed.back).not.toContain('fill="#fffaf0"');
    expect(drawStage(stageOf('a man on a boat on the river'), 'chibi', '#ffd23f', undefined, true).back).toContain('fill="#fffaf0"');
  });

  it('a farm and a backyard are outdoors', () => {
    expect(planScene('a farmer driving a tractor on a farm').setting.place).toBe('farm');
    expect(backgroundHint('a man barbecuing in the backyard')).toBe('nature');
  });
});

describe('sitting with no seat named, flying a plane', () => {
  it('sits on a log outdoors, on a chair indoors or with no place; a named seat or a board game needs none', () => {
    expect(whereOf('a fox sitting by a campfire in the forest')).toEqual(['campfire@beside', 'log@under', 'forest@place']);
    expect(whereOf('a girl sitting in a cafe drinking tea')).toEqual(['tea@held', 'chair@under']);
    expect(whereOf('a cat sitting')).toEqual(['chair@under']);
    expect(whereOf('a cat sitting on a sofa')).toEqual(['sofa@under']);
    expect(whereOf('two cats playing chess')).toEqual(['chess@between']);
    // An icon subject (no figure) sits on nothing drawn.
    expect(stageFromPlan(planScene('a dragon sitting in the forest'), false).things.map((t) => t.where)).toEqual(['place']);
  });

  it('flying a plane: the plane level across the pilot\'s hips, not a toy in the hand', () => {
    const stage = stageOf('a pilot flying a plane over the clouds');
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain('rotate(45)');
    expect(d.front).toContain(thingSvg(stage.things[0].thing, '#ffd23f'));
  });
});

describe('meals at a table, ice skating, brushing, chopping', () => {
  it.each([
    ['a couple having dinner in a restaurant', 'sit', ['dinner@between']],
    ['a family eating dinner at a table', 'sit', ['dinner@between']],
    ['a girl doing homework at her desk', 'sit', ['homework@between']],
    ['a girl ice skating on a frozen lake', 'balance', ['ice skates@under']],
    ['a kid brushing teeth in the bathroom', 'hold', ['teeth@held']],
    // Brushing a horse is no toothbrush; toy cars are played with, not ridden.
    ['a girl brushing her horse in the stable', 'hold', ['horse@held']],
    ['a little boy playing with toy cars on the floor', 'hold', ['cars@held']],
    ['a chef chopping vegetables', 'hold', ['vegetables@beside', 'knife@held']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('ice skating: the girl is the subject (not a place "girl ice"), on skates, on a frozen lake in winter', () => {
    const plan = planScene('a girl ice skating on a frozen lake');
    expect(plan.subjects).toMatchObject([{ word: 'girl' }]);
    expect(plan.setting).toMatchObject({ place: 'frozen lake', season: 'winter' });
    const stage = stageOf('a girl ice skating on a frozen lake');
    expect(stage.shore).toBe('frozen');
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.back).toContain('fill="#d6ecf7"');
    // One skate on each foot, not a board stretched under both.
    expect(d.front.split(thingSvg(stage.things[0].thing, '#ffd23f')).length - 1).toBe(2);
    expect(stageOf('a man by a lake').shore).toBe(true);
  });

  it('a knife in the kitchen is a kitchen knife; sitting in a box needs no chair', () => {
    expect(planScene('a chef chopping vegetables').props[1].icon).toBe('kitchen-knife');
    expect(whereOf('a cat sitting in a box')).toEqual(['box@in']);
  });
});

describe('ridden creatures, swings, rocking chairs, weights, a pier', () => {
  it.each([
    ['a boy riding a dinosaur through the jungle', 'ride', ['dinosaur@under']],
    ['a girl sitting on a swing in the park', 'sit', ['swing@under']],
    ['a grandpa napping in a rocking chair on the porch', 'sit', ['rocking chair@under']],
    ['a man lifting weights in the gym', 'hold', ['weights@held']],
    ['a woman shopping in a market', 'hold', ['shopping bags@held']],
    ['a kid flying on a magic carpet over the desert', 'fly', ['magic carpet@under']],
    ['a cat fishing on a pier', 'hold', ['fishing rod@held']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('a dinosaur ridden is mounted like a horse (the rider lifted over it); a dragon fought is company', () => {
    const d = drawStage(stageOf('a boy riding a dinosaur through the jungle'), 'chibi', '#ffd23f', undefined, true);
    expect(d.copies[0].dy).toBeLessThan(0);
    expect(planScene('a knight fighting a dragon').subjects.map((s) => s.word)).toEqual(['knight', 'dragon']);
  });

  it('a swing hangs behind the sitter; a pier is by the water', () => {
    const stage = stageOf('a girl sitting on a swing in the park');
    expect(drawStage(stage, 'chibi', '#ffd23f', undefined, true).back).toContain(drawn('swing'));
    expect(stageOf('a cat fishing on a pier').shore).toBe(true);
  });
});

describe('candles on a cake, jumping, crawling, at home, in a club', () => {
  it.each([
    // What is on a food is part of it: the cake is held, with its candles.
    ['a child blowing out candles on a birthday cake', 'hold', ['cake@held']],
    ['a cat sitting on a cake', 'sit', ['cake@under']],
    ['a ninja jumping over rooftops at night', 'fly', []],
    ['a baby crawling on the carpet', 'lie', ['carpet@under']],
    ['a man playing golf on a sunny day', 'stand', ['golf@beside']],
    ['a boy reading comics in a treehouse', 'hold', ['comics@held', 'treehouse@background']],
  ])('"%s": %s, %j', (prompt, pose, props) => {
    const plan = planScene(prompt);
    expect(plan.pose).toBe(pose);
    expect(placed(plan)).toEqual(props);
  });

  it('jumping over rooftops: lifted, the roofs below; at home is a room; a jazz club has a stage', () => {
    expect(whereOf('a ninja jumping over rooftops at night')).toEqual(['rooftops@below']);
    expect(stageOf('a ninja jumping over rooftops at night').pose).toBe('fly');
    expect(backgroundHint('a boy playing the piano at home')).toBe('room');
    expect(backgroundHint('a baby crawling on the carpet')).toBe('room');
    expect(stageOf('a musician playing saxophone in a jazz club').platform).toBe(true);
    // A magic carpet is flown on, not lain on.
    expect(planScene('a kid flying on a magic carpet over the desert').pose).toBe('fly');
  });
});

describe('underwater, the desert, a station, a playground', () => {
  it('under the sea is underwater: water all round the swimmer, no surface in front of it', () => {
    for (const prompt of ['a diver swimming underwater with fish', 'a girl swimming under the sea with a turtle']) {
      const plan = planScene(prompt);
      expect(plan).toMatchObject({ pose: 'swim', setting: { place: 'underwater' } });
      expect(plan.subjects[0].figure).toBe('person');
      const d = drawStage(stageOf(prompt), 'chibi', '#ffd23f', undefined, true);
      expect(d.back).toContain('fill="#1f78b8"');
      expect(d.front).not.toContain('fill="#2f8fd8"');
    }
    // On the surface, the sea is in front of the swimmer.
    expect(drawStage(stageOf('a boy swimming in the sea'), 'chibi', '#ffd23f', undefined, true).front).toContain('fill="#2f8fd8"');
    expect(backgroundHint('a diver swimming underwater with fish')).toBe('beach');
  });

  it('a desert has its own backdrop of dunes and cacti; a train station and a playground are drawn behind', () => {
    expect(backgroundHint('a camel walking in the desert')).toBe('desert');
    const bd = backdrop('desert', 200, 200, createRng(1), { primary: '#e0383e', secondary: '#2f6fe0' });
    expect(bd.body).toContain('#4f9a3f');
    expect(bd.groundY).toBe(180);
    expect(whereOf('a man waiting at the train station')).toEqual(['station@place']);
    expect(planScene('a man waiting at the train station').pose).toBe('stand');
    expect(whereOf('kids playing in a playground')).toEqual(['playground@place']);
    expect(placed(planScene('a girl picking apples in an orchard'))).toEqual(['apples@held']);
  });
});

describe('a person keeping the subject company', () => {
  it('is drawn whole (a standing figure), not as a floating face', () => {
    const stage = stageOf('a girl walking with her mom in the park');
    expect(stage.things.map((t) => `${t.thing.word}@${t.where}`)).toEqual(['mom@companion']);
    const d = drawStage(stage, 'chibi', '#ffd23f', undefined, true);
    expect(d.front).toContain(thingSvg({ icon: 'woman-standing', word: 'mom' }, '#ffd23f'));
    expect(d.front).not.toContain(thingSvg(stage.things[0].thing, '#ffd23f'));
    // An animal companion keeps its own icon.
    const dog = stageOf('a girl and her dog');
    expect(drawStage(dog, 'chibi', '#ffd23f', undefined, true).front).toContain(thingSvg(dog.things[0].thing, '#ffd23f'));
  });
});

describe('teeth are brushed with a toothbrush', () => {
  it('draws the toothbrush for "teeth"', () => {
    expect(planScene('a kid brushing teeth in the bathroom').props[0].icon).toBe('toothbrush');
  });
});
