/**
 * `npm run plan -w @trendforge/imaging -- "<prompt>"`: prints the scene plan the engine will draw
 * for a prompt, as JSON.
 */
import { planScene } from './plan.js';

const prompt = process.argv.slice(2).join(' ').trim();
if (!prompt) {
  process.stderr.write('Usage: npm run plan -w @trendforge/imaging -- "<prompt>"\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(planScene(prompt), null, 2)}\n`);
