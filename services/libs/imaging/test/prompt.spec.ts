import { analysePrompt } from '../src/prompt.js';
import { esc, displayText, wrapText, fitSize, textWidth } from '../src/util/svg.js';
import { createRng, hashString } from '../src/util/rng.js';
import { accessoriesFor } from '../src/trends/collectible.js';

describe('prompt analysis', () => {
  it('finds the subject, headwear, props and a short title', () => {
    const p = analysePrompt('a brave astronaut cat exploring mars');
    expect(p.subject).toBe('cat');
    expect(p.headwear).toBe('helmet');
    expect(p.title).toBe('Astronaut Cat');
    expect(p.props).toContain('planet');
  });

  it('prefers a role over a generic noun for the title', () => {
    expect(analysePrompt('a woman chef with red hair baking a cupcake').title).toBe('Woman Chef');
    expect(analysePrompt('a woman chef with red hair').hairColour).toBeDefined();
    expect(analysePrompt('friendly robot').subject).toBe('robot');
    const girl = analysePrompt('a girl with a red umbrella and her cat');
    expect(girl.subject).toBe('person');
    expect(girl.title).toBe('Girl');
  });

  it('drops style boilerplate and keeps something printable for empty prompts', () => {
    const p = analysePrompt('Pixar style 3D animated portrait of a happy dog');
    expect(p.keywords.map((k) => k.toLowerCase())).not.toContain('pixar');
    expect(p.subject).toBe('dog');
    expect(analysePrompt('').title).toBe('Star');
  });

  it('gives 3 to 5 accessories named from the prompt', () => {
    const few = accessoriesFor(analysePrompt('a cat'), createRng(1), 5);
    expect(few.length).toBeGreaterThanOrEqual(3);
    const many = accessoriesFor(analysePrompt('a chef with a guitar, a camera, a book, coffee and a laptop'), createRng(1), 5);
    expect(many).toHaveLength(5);
    expect(many.map((a) => a.label.toLowerCase())).toEqual(expect.arrayContaining(['guitar', 'camera', 'book']));
  });
});

describe('svg text helpers', () => {
  it('escapes XML and strips characters XML cannot carry', () => {
    expect(esc('<a href="x">Tom & Jerry\'s</a>\u0001')).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(displayText('hi 🤖 there\u0000')).toBe('hi there');
  });

  it('fits and wraps text by estimated width', () => {
    const size = fitSize('ASTRONAUT CAT', 'sansBold', 500, 200);
    expect(textWidth('ASTRONAUT CAT', 'sansBold', size)).toBeLessThanOrEqual(500.5);
    const lines = wrapText('one two three four five six seven eight nine ten', 'sans', 20, 120, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });
});

describe('seeded randomness', () => {
  it('repeats per seed and forks independently', () => {
    const a = createRng(5);
    const b = createRng(5);
    expect([a.next(), a.next()]).toEqual([b.next(), b.next()]);
    expect(createRng(5).fork('x').next()).not.toBe(createRng(5).fork('y').next());
    expect(hashString('abc')).toBe(hashString('abc'));
    expect(hashString('abc')).not.toBe(hashString('abd'));
  });
});
